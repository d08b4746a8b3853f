/**
 * A copy button on each code block of the page's prose. The blocks are the markdown's HTML, which the island cannot
 * render, so the island renders nothing on the server and, once started, puts a button before each block (a portal
 * into a slot it adds: the block itself is never moved, so a block that has the focus keeps it). It starts on the
 * first pointer, touch or focus on a code block (code-copy-trigger.ts, part of the head script): a page nobody copies
 * from loads no JavaScript for it. Without JavaScript there is no button, and the code is selectable as it is.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { hydrator } from '../lib/runtime';

/** The code blocks the buttons copy: those of the page's markdown. */
export const CODE_BLOCKS = 'main .prose pre';

type Outcome = 'ready' | 'copied' | 'selected';

/** Puts the block's code on the clipboard; where the page may not write it (http, an old browser), selects the code. */
async function copy(block: HTMLElement): Promise<Outcome> {
  const code = block.querySelector('code') ?? block;
  try {
    await navigator.clipboard.writeText(code.textContent ?? '');
    return 'copied';
  } catch {
    const range = document.createRange();
    range.selectNodeContents(code);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return 'selected';
  }
}

const SAID: Record<Outcome, string> = {
  ready: '',
  copied: 'Copied to the clipboard',
  selected: 'Selected: press Ctrl+C (⌘C on a Mac) to copy',
};

function CopyButton({ block }: { block: HTMLElement }) {
  const [outcome, setOutcome] = useState<Outcome>('ready');
  useEffect(() => {
    if (outcome === 'ready') return;
    const timer = setTimeout(() => setOutcome('ready'), 2500);
    return () => clearTimeout(timer);
  }, [outcome]);
  return (
    <>
      <button
        type="button"
        className="code-copy"
        data-outcome={outcome}
        onClick={() => void copy(block).then(setOutcome)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          {outcome === 'copied' ? (
            <path d="M5 12l5 5L20 7" />
          ) : (
            <>
              <rect x="9" y="9" width="11" height="11" rx="2" />
              <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
            </>
          )}
        </svg>
        <span className="visually-hidden">Copy code</span>
      </button>
      <span className="visually-hidden" role="status">
        {SAID[outcome]}
      </span>
    </>
  );
}

export function CodeCopy() {
  const [slots, setSlots] = useState<{ slot: HTMLElement; block: HTMLElement }[]>([]);
  useEffect(() => {
    const made = [...document.querySelectorAll<HTMLElement>(CODE_BLOCKS)].map((block) => {
      const slot = document.createElement('div');
      slot.className = 'code-copy-slot';
      block.before(slot);
      return { slot, block };
    });
    setSlots(made);
    return () => made.forEach(({ slot }) => slot.remove());
  }, []);
  return <>{slots.map(({ slot, block }, i) => createPortal(<CopyButton block={block} />, slot, String(i)))}</>;
}

export const hydrate = hydrator(CodeCopy);
