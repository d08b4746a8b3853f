/**
 * The Document (the page's head and the frame around its body), rendered by
 * React once per kind of page and then filled in per page.
 *
 * The head is the same on every page of a kind (same scripts, same flags)
 * except for a few values: title, description, URL, keywords and JSON-LD.
 * React renders the Document once with a stand-in text for each; a page's
 * head is that markup with the stand-ins replaced by the page's values,
 * escaped exactly as React escapes text and attributes. On a large site this
 * saves most of a page's React work outside its content.
 *
 * Like the layout shells, the first page of a kind is rendered directly and the
 * second makes the template; the 1st, 2nd, 4th, 8th… page to use a template is
 * also rendered directly, and a difference means the kind is always rendered
 * directly from then on.
 */
import { randomUUID } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from './react-server';

/** A page's own values in its head; `jsonLd` is serialised JSON, placed as it is. */
export interface HeadValues {
  title: string;
  description: string;
  url: string;
  keywords: string;
  jsonLd: string;
  body: string;
}

type Slot = keyof HeadValues;
const SLOTS: Slot[] = ['title', 'description', 'url', 'keywords', 'jsonLd', 'body'];
const token = randomUUID().replace(/-/g, '');
/** Stand-ins: text React writes unchanged (letters and digits), and no page contains. */
export const STAND_IN: Record<Slot, string> = Object.fromEntries(SLOTS.map((slot) => [slot, `site${token}${slot}`])) as Record<Slot, string>;
const STAND_INS = new RegExp(SLOTS.map((slot) => STAND_IN[slot]).join('|'), 'g');
const SLOT_OF = new Map(SLOTS.map((slot) => [STAND_IN[slot], slot]));

/** React's escaping of text and attribute values (react-dom/server's escapeTextForBrowser). */
const ESCAPED: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (text: string) => (/["&'<>]/.test(text) ? text.replace(/["&'<>]/g, (c) => ESCAPED[c]!) : text);

export interface DocumentTemplate {
  /** Markup between the stand-ins, and which value goes after each piece. */
  pieces: string[];
  slots: Slot[];
  /** Pages rendered with it so far (for the sampled check). */
  uses: number;
  /** Set when a check found a difference: pages of this kind are rendered directly. */
  broken: boolean;
}

/** Templates by kind of page, for one render of a site; 'once': one page of the kind so far. */
export type DocumentTemplates = Map<string, DocumentTemplate | 'once'>;

function compile(element: ReactElement): DocumentTemplate {
  const markup = renderToStaticMarkup(element);
  const pieces: string[] = [];
  const slots: Slot[] = [];
  let at = 0;
  for (const match of markup.matchAll(STAND_INS)) {
    pieces.push(markup.slice(at, match.index));
    slots.push(SLOT_OF.get(match[0])!);
    at = match.index! + match[0].length;
  }
  pieces.push(markup.slice(at));
  return { pieces, slots, uses: 0, broken: false };
}

/** The page's head and frame, split around its body: [before the body, after it]. */
function fill(template: DocumentTemplate, values: HeadValues): [string, string] {
  let before = '';
  let after: string | undefined;
  for (let i = 0; i < template.slots.length; i++) {
    const slot = template.slots[i]!;
    const piece = template.pieces[i]!;
    if (after !== undefined) after += piece;
    else before += piece;
    if (slot === 'body') after = '';
    else {
      const value = slot === 'jsonLd' ? values.jsonLd : escapeHtml(values[slot]);
      if (after !== undefined) after += value;
      else before += value;
    }
  }
  return [before, (after ?? '') + template.pieces.at(-1)!];
}

/**
 * The Document for a page: from the template of its kind (`kind`: everything
 * that changes the Document's shape), or rendered directly.
 * `render(values)` renders the Document element for the given values.
 */
export function documentParts(kind: string, values: HeadValues, render: (values: HeadValues) => ReactElement, templates: DocumentTemplates | undefined): [string, string] {
  const direct = (): [string, string] => {
    const markup = renderToStaticMarkup(render({ ...values, body: STAND_IN.body }));
    const at = markup.indexOf(STAND_IN.body);
    return [markup.slice(0, at), markup.slice(at + STAND_IN.body.length)];
  };
  let template = templates?.get(kind);
  if (!templates || template === undefined) {
    templates?.set(kind, 'once');
    return direct();
  }
  if (template === 'once') templates.set(kind, (template = compile(render(STAND_IN))));
  if (template.broken || template.slots.filter((slot) => slot === 'body').length !== 1) return direct();
  const filled = fill(template, values);
  template.uses += 1;
  if ((template.uses & (template.uses - 1)) === 0) {
    const expected = direct();
    if (expected[0] !== filled[0] || expected[1] !== filled[1]) {
      template.broken = true;
      return expected;
    }
  }
  return filled;
}
