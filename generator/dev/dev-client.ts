/**
 * The browser side of `site watch`, served at /__site/client.js and injected
 * only in watch mode (never into `site build` output). It listens for rebuild
 * events: reloads when the page it shows changed, swaps the stylesheet when
 * only CSS changed, and shows the error overlay when a build fails.
 */
export const DEV_CLIENT = `
const route = new URL(import.meta.url).searchParams.get('route');
const events = new EventSource('/__site/events');
events.addEventListener('reload', (event) => {
  const { routes } = JSON.parse(event.data);
  if (routes.includes('*') || routes.includes(route)) location.reload();
});
events.addEventListener('css', (event) => {
  const { href, replaces } = JSON.parse(event.data);
  // Only the site's stylesheet: an island's own (linked when it started) stays. A page that does not name the
  // replaced one (it missed an earlier swap) reloads instead.
  const links = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((link) => link.getAttribute('href') === replaces);
  if (links.length === 0) return location.reload();
  for (const link of links) link.href = href;
});
events.addEventListener('failed', () => location.reload());
`;

export const OVERLAY_CSS = `
body { margin: 0; font: 15px/1.6 ui-sans-serif, system-ui, sans-serif; background: #0b1020; color: #e2e8f0; }
main { max-width: 60rem; margin: 3rem auto; padding: 2rem; border: 1px solid #7f1d1d; border-radius: 12px; background: #1a1020; }
h1 { color: #fca5a5; margin: 0 0 1rem; font-size: 1.6rem; }
h2 { font-size: 1.05rem; margin: 1.5rem 0 .25rem; color: #fecaca; }
.where { color: #93c5fd; font-family: ui-monospace, monospace; }
pre { white-space: pre-wrap; background: #0f0a14; padding: 1rem; border-radius: 8px; overflow: auto; font-size: 13px; }
p.hint { color: #a7f3d0; }
`;
