/**
 * The visitor's colour scheme as the built-in theme remembers it: `light`, `dark` or `system` (the operating
 * system's setting, the default). Kept in localStorage; a browser that refuses storage (a private window, a
 * blocked site) leaves the choice to this page only.
 */
export type Scheme = 'light' | 'dark' | 'system';

const KEY = 'site:color-scheme';

export function readScheme(): Scheme {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Shows the page in `scheme` at once (data-theme on <html>, which the stylesheet reads) and remembers it. */
export function applyScheme(scheme: Scheme): void {
  const root = document.documentElement;
  if (scheme === 'system') delete root.dataset.theme;
  else root.dataset.theme = scheme;
  try {
    if (scheme === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, scheme);
  } catch {
    // Not remembered; shown on this page all the same.
  }
}
