/** The markdown pipeline as the engine's tests use it: the plain pipeline (no site plugins), rendering at once. */
import { loadMarkdown } from '../../generator/markdown/markdown';
import type { RenderedMarkdown } from '../../generator/markdown/markdown';
import { REPO } from './fixture';

export const place = { root: REPO, configFile: 'pages/site.yml' };
export const plain = await loadMarkdown(undefined, place);
// The grammars the tests' code blocks name, loaded once: each render after is synchronous (highlight.ts).
await plain.render(
  ['ts', 'js', 'sh', 'rust', 'yaml', 'python', 'json'].map((lang) => `\`\`\`${lang}\nx\n\`\`\``).join('\n\n'),
  { file: 'pages/warm.md' },
);
export const page = { file: 'pages/about.md' };

/** Renders with the plain pipeline, which has no asynchronous plugin and its grammars loaded: the body comes back at once. */
export const md = (source: string, reservedIds?: readonly (string | RegExp)[]): RenderedMarkdown => {
  const body = plain.render(source, { ...page, reservedIds });
  if (body instanceof Promise) throw new Error('expected a synchronous render');
  return body;
};

/** The ids of a rendered body, in order. */
export const ids = (html: string) => [...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]!);
