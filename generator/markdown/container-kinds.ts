/**
 * What a fenced container or an admonition is made as (containers.ts): the alert each callout name, admonition type
 * and MyST directive stands for, a disclosure, or a plain block; and the options MyST writes at the start of a
 * directive's content, which configure it and are not shown.
 */
import type { Nodes } from 'mdast';
import { ownValue } from '../base/own';

/** Callout names, as the alert each is made as. */
const ALERTS: Record<string, string> = {
  note: 'note',
  info: 'note',
  tip: 'tip',
  important: 'important',
  warning: 'warning',
  danger: 'caution',
  caution: 'caution',
};

/** Admonition types (Python-Markdown's and Material for MkDocs's, with their aliases), as the alert each is made as. */
export const ADMONITIONS: Record<string, string> = {
  ...Object.fromEntries(
    [
      'note',
      'seealso',
      'abstract',
      'summary',
      'tldr',
      'info',
      'todo',
      'question',
      'help',
      'faq',
      'example',
      'quote',
    ].map((type) => [type, 'note']),
  ),
  ...Object.fromEntries(['tip', 'hint', 'success', 'check', 'done'].map((type) => [type, 'tip'])),
  important: 'important',
  ...Object.fromEntries(['warning', 'caution', 'attention'].map((type) => [type, 'warning'])),
  ...Object.fromEntries(['danger', 'error', 'failure', 'fail', 'missing', 'bug'].map((type) => [type, 'caution'])),
};

/**
 * What a container of this name is made as: an alert of a kind, a disclosure, or neither (a plain block). MyST's
 * directives in braces (`:::{seealso}`, `:::{admonition} Title`) take the admonitions' names as well.
 */
export function containerKind(name: string, braced: boolean): { alert: string } | 'details' | undefined {
  const alert =
    ownValue(ALERTS, name) ??
    (braced ? (ownValue(ADMONITIONS, name) ?? (name === 'admonition' ? 'note' : undefined)) : undefined);
  if (alert) return { alert };
  return name === 'details' || (braced && name === 'dropdown') ? 'details' : undefined;
}

/** Labels a directive's name gives better than its capitalised self. */
export const LABELS: Record<string, string> = { seealso: 'See also', admonition: 'Note' };

/** MyST's options at the start of a directive's content (`:class: tip`, `:name: my-note`), a line each. */
const OPTION_LINE = /^:[\w-]+:(?:[ \t]|$)/;

/** Whether a node is a paragraph of MyST directive options, which configure it and are not shown. */
export const isOptions = (node: Nodes | undefined): boolean =>
  node?.type === 'paragraph' &&
  node.children.every((child) => child.type === 'text' || child.type === 'break') &&
  node.children
    .map((child) => (child.type === 'text' ? child.value : '\n'))
    .join('')
    .split('\n')
    .every((line) => OPTION_LINE.test(line.trim()));

/**
 * A fence that names a MyST directive in braces (```` ```{note} ````, ```` ```{toctree} ````), not a language: shown
 * as written, and named once with other tools' syntax (other-syntax.ts), never as a language no grammar knows.
 */
export const isDirective = (info: string) => /^\{[\w:-]+\}/.test(info);
