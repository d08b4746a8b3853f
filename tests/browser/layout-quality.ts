/**
 * Layout quality as a person judges it, not only overflow, measured in the page
 * at its present width:
 * - squeezed text: a heading, paragraph, list item or button label wrapped
 *   in a box narrower than about 20 of its characters while the box around it
 *   leaves room (something beside it took the width it needed);
 * - broken labels: a button's label (or a badge's) on more than one line;
 * - covered text: a line of text whose centre shows another element on top
 *   (document.elementFromPoint), in every screenful of the page; what the
 *   fixed header covers while scrolling does not count;
 * - holes in card grids: a grid of three or more cards whose last row leaves
 *   room for another card (a lone card under a full row, 3 + 2, 2 + 2 + 1);
 * - uneven facts: cards side by side in a grid whose lists of facts (duration,
 *   level...) have as many entries but lay them out differently (one card's
 *   second fact on a line of its own, or starting elsewhere).
 * - narrow columns: on a screen 1000 px or wider, a paragraph on three or more
 *   lines in a column narrower than about 20 of its characters (too many cards
 *   in one row), room beside it or not.
 * Exempt: what is hidden (display, visibility, aria-hidden, screen-reader-only
 * 1 px boxes), and the hidden slides of the home carousel.
 */
import type { Page } from 'playwright-core';

/** Elements that hold one block of text a visitor reads. */
const TEXT_BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, dt, dd, blockquote, figcaption, label, .btn, button';
/** Labels that must never break over two lines. */
const LABELS = '.btn, button, .badge, .tags li, .cert-list li';
/** A wrapped block narrower than this many of its characters, beside room, is squeezed. */
const SQUEEZED = 20;
/** On a screen at least this wide, a paragraph in a column narrower than NARROW of its characters is too narrow. */
const WIDE_SCREEN = 1000;
const NARROW = 20;
/** Grids of cards: every grid the theme lays cards out in. */
const CARD_GRIDS = '.grid, .info-cards, .stats, .why-grid';

export interface LayoutOptions {
  /** Check covered text too (scrolls the page through every screenful). */
  overlaps?: boolean;
}

/** Every layout problem on the page at its present width, described for a failure message. */
export function layoutProblems(page: Page, options: LayoutOptions = {}): Promise<string[]> {
  return page.evaluate(
    async ({ TEXT_BLOCKS, LABELS, CARD_GRIDS, SQUEEZED, NARROW, WIDE_SCREEN, overlaps }) => {
      const problems: string[] = [];
      const describe = (el: Element) => {
        const classes =
          typeof el.className === 'string' && el.className
            ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
            : '';
        return `<${el.tagName.toLowerCase()}${classes}> "${(el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
      };
      const shown = (el: Element): boolean => {
        if (el.closest('[aria-hidden="true"], .sr-only, .hero-slide:not(.is-active), [hidden]')) return false;
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return false;
        return el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
      };
      const range = document.createRange();
      /** The lines an element's text is laid out on (screen-reader-only text left out): the distinct middles of its text's boxes. */
      const lines = (el: Element): DOMRect[] => {
        const rows: DOMRect[] = [];
        const fontSize = parseFloat(getComputedStyle(el).fontSize);
        const rects: DOMRect[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue;
          range.selectNodeContents(node);
          rects.push(...range.getClientRects());
        }
        for (const rect of rects) {
          if (rect.width < 1 || rect.height < 1) continue;
          const row = rows.find((r) => Math.abs(r.top + r.height / 2 - (rect.top + rect.height / 2)) < fontSize / 2);
          if (row) {
            const left = Math.min(row.left, rect.left);
            const right = Math.max(row.right, rect.right);
            rows[rows.indexOf(row)] = new DOMRect(
              left,
              Math.min(row.top, rect.top),
              right - left,
              Math.max(row.height, rect.height),
            );
          } else rows.push(rect);
        }
        return rows;
      };
      const innerWidth = (el: Element) => {
        const style = getComputedStyle(el);
        return el.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      };

      // Squeezed text: a block wrapped over lines, laid out narrower than about SQUEEZED characters of its own text,
      // while the first box around it that is wider has room for at least half as many again (the block was squeezed
      // by something beside it, not by the screen). A card's title in a narrow phone column has no such room.
      const visibleText = (el: Element) => {
        let text = '';
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (!node.parentElement?.closest('.sr-only')) text += node.textContent ?? '';
        return text.replace(/\s+/g, ' ').trim();
      };
      for (const el of document.querySelectorAll(TEXT_BLOCKS)) {
        // A block holding other blocks is judged by them.
        if (el.querySelector(TEXT_BLOCKS) || !shown(el)) continue;
        const rows = lines(el);
        if (rows.length < 2) continue;
        const charWidth = rows.reduce((sum, r) => sum + r.width, 0) / visibleText(el).length;
        const width = el.getBoundingClientRect().width;
        if (width >= SQUEEZED * charWidth) continue;
        let box = el.parentElement;
        while (box && box.getBoundingClientRect().width <= width + 1) box = box.parentElement;
        if (!box || innerWidth(box) - width < (SQUEEZED / 2) * charWidth) continue;
        problems.push(
          `squeezed: ${describe(el)} on ${rows.length} lines in ${Math.round(width)} px (${Math.round(width / charWidth)} characters) beside room in ${describe(box).split(' ')[0]} ${Math.round(innerWidth(box))} px wide`,
        );
      }

      // Narrow columns: on a screen wide enough for a line of prose, a paragraph laid out in a column narrower than
      // about NARROW of its characters (cards crammed into one row), whatever the box around it: there is no room
      // beside it to blame, the layout gave every card too little.
      if (window.innerWidth >= WIDE_SCREEN)
        for (const el of document.querySelectorAll('p, li')) {
          if (el.querySelector(TEXT_BLOCKS) || !shown(el)) continue;
          const rows = lines(el);
          if (rows.length < 3) continue;
          const charWidth = rows.reduce((sum, r) => sum + r.width, 0) / visibleText(el).length;
          const width = el.getBoundingClientRect().width;
          if (width < NARROW * charWidth)
            problems.push(
              `narrow column: ${describe(el)} on ${rows.length} lines in ${Math.round(width)} px (${Math.round(width / charWidth)} characters) on a screen ${window.innerWidth} px wide`,
            );
        }

      // Broken labels (short ones: a long name in a badge list may wrap like any text).
      for (const el of document.querySelectorAll(LABELS)) {
        const text = visibleText(el);
        if (!shown(el) || !text || text.length > 28) continue;
        const rows = lines(el);
        if (rows.length > 1) problems.push(`label on ${rows.length} lines: ${describe(el)}`);
      }

      // Holes in card grids.
      for (const grid of document.querySelectorAll(CARD_GRIDS)) {
        const items = [...grid.children].filter(shown);
        if (items.length < 3 || !shown(grid)) continue;
        const boxes = items.map((item) => item.getBoundingClientRect());
        const rowsTop = [...new Set(boxes.map((b) => Math.round(b.top)))];
        if (rowsTop.length < 2) continue;
        const lastTop = Math.max(...rowsTop);
        const last = boxes.filter((b) => Math.round(b.top) === lastTop);
        const gridBox = grid.getBoundingClientRect();
        const narrowest = Math.min(...boxes.map((b) => b.width));
        const used = Math.max(...last.map((b) => b.right)) - Math.min(...last.map((b) => b.left));
        if (gridBox.width - used >= narrowest * 0.75) {
          const perRow = rowsTop.map((top) => boxes.filter((b) => Math.round(b.top) === top).length);
          problems.push(`card grid ends with a hole: ${describe(grid)} rows ${perRow.join(' + ')}`);
        }
      }

      // Uneven facts: in one grid, the fact lists of as many entries lie the same way in every card.
      for (const grid of document.querySelectorAll(CARD_GRIDS)) {
        const byCount = new Map<string, { card: Element; layout: string }[]>();
        for (const list of grid.querySelectorAll(':scope > * .card-meta')) {
          if (!shown(list)) continue;
          const origin = list.getBoundingClientRect();
          const items = [...list.children].filter(shown).map((item) => item.getBoundingClientRect());
          const rows = [...new Set(items.map((b) => Math.round(b.top - origin.top)))];
          // Columns within 2 px of each other line up (sub-pixel widths round either way).
          const layout = items
            .map(
              (b) =>
                `row ${rows.indexOf(Math.round(b.top - origin.top)) + 1} at ${4 * Math.round((b.left - origin.left) / 4)}`,
            )
            .join(', ');
          const card = [...grid.children].find((child) => child.contains(list)) ?? list;
          // Cards of one width only: a card spanning a row of its own may lay its facts out as a wider card does.
          const key = `${items.length} in ${Math.round(card.getBoundingClientRect().width)}`;
          const same = byCount.get(key) ?? [];
          same.push({ card, layout });
          byCount.set(key, same);
        }
        for (const cards of byCount.values()) {
          const first = cards[0]!;
          const odd = cards.find((c) => c.layout !== first.layout);
          if (odd)
            problems.push(
              `uneven facts: ${describe(odd.card.querySelector('h2, h3, h4') ?? odd.card)} lays its facts ${odd.layout}, ${describe(first.card.querySelector('h2, h3, h4') ?? first.card)} ${first.layout}`,
            );
        }
      }

      // Covered text, one screenful at a time.
      if (overlaps) {
        const fixed = (el: Element | null) => {
          for (let a = el; a; a = a.parentElement)
            if (['fixed', 'sticky'].includes(getComputedStyle(a).position)) return true;
          return false;
        };
        const texts: Element[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (
            parent &&
            node.textContent?.trim() &&
            !texts.includes(parent) &&
            !parent.closest('script, style, template, svg') &&
            !fixed(parent) &&
            shown(parent)
          )
            texts.push(parent);
        }
        const reported = new Set<Element>();
        const height = window.innerHeight;
        const total = document.documentElement.scrollHeight;
        for (let y = 0; y < total; y += height) {
          window.scrollTo(0, y);
          await new Promise(requestAnimationFrame);
          for (const el of texts) {
            if (reported.has(el)) continue;
            for (const row of lines(el)) {
              const x = row.left + row.width / 2;
              const yc = row.top + row.height / 2;
              if (yc < 0 || yc >= height || x < 0 || x >= window.innerWidth) continue;
              const hit = document.elementFromPoint(x, yc);
              if (!hit || hit === el || el.contains(hit) || hit.contains(el) || fixed(hit)) continue;
              // Text inside a label or link laid over by its own control's box is the same target.
              if (hit.closest('a, button, label') && hit.closest('a, button, label') === el.closest('a, button, label'))
                continue;
              reported.add(el);
              problems.push(`covered: ${describe(el)} under ${describe(hit)}`);
              break;
            }
          }
        }
        window.scrollTo(0, 0);
      }
      return problems;
    },
    { TEXT_BLOCKS, LABELS, CARD_GRIDS, SQUEEZED, NARROW, WIDE_SCREEN, overlaps: options.overlaps ?? false },
  );
}
