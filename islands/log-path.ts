// The not-found page: tell developers which path was asked for (the spec's console message).
// A warning, not an error: the page works as intended, and an error would count against it in audits.
console.warn('404 Error: User attempted to access non-existent route:', window.location.pathname);
