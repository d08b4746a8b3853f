/**
 * Starts the copy buttons' island (islands/features/code-copy.tsx) on the first pointer, touch or focus on a code
 * block of the page's prose: its marker holds nothing to point at, so this part of the head script passes the
 * interaction on to it, and the loader starts the island as it starts any other on its first interaction. It keeps
 * passing them on until the buttons are there: an interaction before the loader has started is not lost.
 */
const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const;

const start = (event: Event) => {
  if (document.querySelector('.code-copy-slot')) {
    for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
    return;
  }
  if (!(event.target instanceof Element) || !event.target.closest('main .prose pre')) return;
  document.querySelector('[data-island="code-copy"]')?.dispatchEvent(new Event(event.type));
};

for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
