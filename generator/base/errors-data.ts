/**
 * The error catalogue, as Astro's errors-data.ts: every failure the generator can report has a permanent name, a
 * title, a message made from the facts of the case, and a hint that says what to do; warnings likewise. The errors are
 * kept by domain in errors/ and merged here (tests/generator/errors.test.ts holds that no kind is in two of them). The
 * wording lives in the catalogue only: a call site names the kind and gives the facts
 * (`new SiteError('BrokenLink', { href, route, problem }, { file })`, errors.ts).
 */
import { PAGE_ERRORS } from './errors/pages';
import { MARKDOWN_ERRORS } from './errors/markdown';
import { CONFIG_ERRORS } from './errors/config';
import { COLLECTION_ERRORS } from './errors/collections';
import { THEME_ERRORS } from './errors/theme';
import { OUTPUT_ERRORS } from './errors/output';
import { COMMAND_ERRORS } from './errors/commands';
import { WARNINGS } from './errors/warnings';

export const ErrorKinds = {
  ...PAGE_ERRORS,
  ...MARKDOWN_ERRORS,
  ...CONFIG_ERRORS,
  ...COLLECTION_ERRORS,
  ...THEME_ERRORS,
  ...OUTPUT_ERRORS,
  ...COMMAND_ERRORS,
} as const;

/** Hints for the operating system's refusals that say more than the catalogue's. */
export const SYSTEM_HINTS: Record<string, string> = {
  EACCES:
    'You may not read or write the file or folder named: check its permissions (ls -l), or choose a folder of your own (--out, --pages).',
  EPERM:
    'The operating system does not allow this on the file or folder named: check its permissions and whether another program holds it.',
  ENOSPC:
    'The disk is full: free some space, then run site again (a failed build leaves the previous output as it was).',
  EDQUOT: 'Your disk quota is used up: free some space, then run site again.',
  EMFILE: 'Too many files are open at once: raise the limit (ulimit -n) or close other programs, then run site again.',
  ENFILE: 'The system has too many files open: close other programs, then run site again.',
  EROFS: 'The file system is read-only: choose a writable folder (--out for the output).',
  ENOENT: 'A file or folder vanished while site used it (did another program remove it?): run site again.',
  EBUSY: 'Another program is using the file or folder named: close it, then run site again.',
};

export type ErrorKind = keyof typeof ErrorKinds;
/** The facts a kind's message is made from. */
export type MessageParams<K extends ErrorKind> = Parameters<(typeof ErrorKinds)[K]['message']>[0];

/** What a build reports without failing (errors/warnings.ts). */
export const WarningKinds = WARNINGS;

export type WarningKind = keyof typeof WarningKinds;
export type WarningParams<K extends WarningKind> = Parameters<(typeof WarningKinds)[K]['message']>[0];
