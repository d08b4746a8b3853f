/**
 * `/` (outside a text field) or Ctrl/Cmd-K focuses the header's search box (islands/search.tsx), whose island starts
 * on that focus. Part of the head script, so the keys work from the first paint, before any island has started, and
 * on every page without loading the search island's code.
 */
const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT');

document.addEventListener('keydown', (event) => {
  const modifier = event.ctrlKey || event.metaKey;
  const slash = event.key === '/' && !modifier && !event.altKey && !editable(event.target);
  const k = modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
  if (!slash && !k) return;
  const input = document.getElementById('site-search-input');
  // A page without the box (another theme's, or a site without search) keeps the keys for the browser.
  if (!(input instanceof HTMLInputElement) || input.offsetParent === null) return;
  event.preventDefault();
  input.focus();
  input.select();
});
