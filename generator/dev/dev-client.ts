/**
 * The browser side of `site watch`, served at /__site/client.js and injected
 * only in watch mode (never into `site build` output). It listens for rebuild
 * events: reloads when the page it shows changed, swaps the stylesheet when
 * only CSS changed, and shows the error overlay when a build fails: over the
 * page, which stays the last good build's (the server keeps serving it), in a
 * shadow root of its own so neither the page's styles nor the overlay's leak.
 * Made of elements and text only: no HTML is parsed from the event, and no
 * style attribute is set (the page's CSP allows neither).
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
let overlay;
const element = (name, text, className) => {
  const made = document.createElement(name);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
};
events.addEventListener('failed', (event) => {
  const { errors } = JSON.parse(event.data);
  overlay?.remove();
  overlay = document.createElement('site-build-error');
  const root = overlay.attachShadow({ mode: 'open' });
  const sheet = element('link');
  sheet.rel = 'stylesheet';
  sheet.href = '/__site/overlay.css';
  const main = element('main');
  main.setAttribute('role', 'alert');
  const first = errors[0];
  main.append(
    element('h1', first ? first.title + (errors.length > 1 ? ' (and ' + (errors.length - 1) + ' more)' : '') : 'Build failed'),
    element('p', 'The last build failed; this page is the last good one, and reloads by itself when the next save builds.'),
  );
  for (const error of errors) {
    const section = element('section');
    section.append(element('h2', error.kind + ': ' + error.title));
    if (error.location) section.append(element('p', error.location, 'where'));
    section.append(element('pre', error.message));
    if (error.hint) section.append(element('p', 'hint: ' + error.hint, 'hint'));
    main.append(section);
  }
  root.append(sheet, main);
  document.body.append(overlay);
});
`;

export const OVERLAY_CSS = `
:host { position: fixed; inset: 0; z-index: 2147483647; overflow: auto; font: 15px/1.6 ui-sans-serif, system-ui, sans-serif; background: rgb(11 16 32 / 0.92); color: #e2e8f0; }
body { margin: 0; font: 15px/1.6 ui-sans-serif, system-ui, sans-serif; background: #0b1020; color: #e2e8f0; }
main { max-width: 60rem; margin: 3rem auto; padding: 2rem; border: 1px solid #7f1d1d; border-radius: 12px; background: #1a1020; }
h1 { color: #fca5a5; margin: 0 0 1rem; font-size: 1.6rem; }
h2 { font-size: 1.05rem; margin: 1.5rem 0 .25rem; color: #fecaca; }
.where { color: #93c5fd; font-family: ui-monospace, monospace; }
pre { white-space: pre-wrap; background: #0f0a14; padding: 1rem; border-radius: 8px; overflow: auto; font-size: 13px; }
p.hint { color: #a7f3d0; }
`;
