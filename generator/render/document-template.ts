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
import { sampled } from './layout-shell';
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
  /** Set when a check found a difference (or the body is not placed once): pages of this kind are rendered directly. */
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
  // A body placed other than once cannot be split around: such a kind is rendered directly.
  return { pieces, slots, uses: 0, broken: slots.filter((slot) => slot === 'body').length !== 1 };
}

/** The page's head and frame, split around its body: [before the body, after it]. */
function fill(template: DocumentTemplate, values: HeadValues): [string, string] {
  const out: string[] = [];
  let body = 0;
  template.slots.forEach((slot, i) => {
    out.push(template.pieces[i]!);
    if (slot === 'body') body = out.length;
    else out.push(slot === 'jsonLd' ? values.jsonLd : escapeHtml(values[slot]));
  });
  out.push(template.pieces.at(-1)!);
  return [out.slice(0, body).join(''), out.slice(body).join('')];
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
  if (template.broken) return direct();
  const filled = fill(template, values);
  if (sampled(template)) {
    const expected = direct();
    if (expected[0] !== filled[0] || expected[1] !== filled[1]) {
      template.broken = true;
      return expected;
    }
  }
  return filled;
}
