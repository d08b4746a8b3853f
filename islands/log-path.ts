// The not-found page: tell developers which path was asked for (the spec's console message).
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
