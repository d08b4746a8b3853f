/**
 * Horizontal overflow as a visitor meets it, measured against the device width
 * and never against the layout viewport (which a phone widens to fit an
 * overflowing page): the document may not scroll sideways, and no box or text
 * may reach past either edge of the screen, even where an ancestor with
 * `overflow: hidden` would cut it off (that is text the visitor cannot read);
 * carousel slides not shown yet count too. Exempt: decorative subtrees
 * (aria-hidden), screen-reader-only text (in 1 px boxes), and the content of a
 * horizontal scroll container, which is measured as one box instead.
 */
import type { Page } from 'playwright-core';

/** Everything on the page that reaches past the screen's edges, described for a failure message. */
export function overflowOf(page: Page, deviceWidth: number): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > width)
      problems.push(`the page scrolls sideways: ${scrollWidth - width} px wider than the screen`);
    const exempt = (el: Element): boolean => {
      if (el.closest('[aria-hidden="true"]')) return true;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const x = getComputedStyle(a).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const classes =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `<${el.tagName.toLowerCase()}${classes}>`;
    };
    const outside = (rect: DOMRect) => rect.right > width + 0.5 || rect.left < -0.5;
    const seen = new Set<Element>();
    // Boxes: report the outermost one that overflows, not each of its descendants.
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || !outside(rect) || exempt(el)) continue;
      const parent = el.parentElement?.getBoundingClientRect();
      if (parent && outside(parent) && seen.has(el.parentElement!)) {
        seen.add(el);
        continue;
      }
      seen.add(el);
      problems.push(
        `${describe(el)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px: "${(el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50)}"`,
      );
    }
    // Text that spills out of a box that itself fits.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || seen.has(parent)) continue;
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width <= 1 || !outside(rect) || exempt(parent) || parent.closest('script, style, template')) continue;
      // Screen-reader-only text sits in a 1 px box that clips it.
      const box = parent.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      problems.push(
        `text in ${describe(parent)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px: "${node.textContent.trim().slice(0, 50)}"`,
      );
    }
    return problems;
  }, deviceWidth);
}
