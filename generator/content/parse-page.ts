/**
 * The first half of loading a page, which needs neither the theme nor zod:
 * read the file, replace config tokens, split the frontmatter from the body
 * (gray-matter) and parse its YAML. A worker thread of a large build runs this
 * and the markdown step (page-worker.ts); validating is the main thread's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import jsYaml from 'js-yaml';
import type { SiteConfig } from './config';
import { SiteError } from '../core/errors';
import { replaceTokens } from './tokens';
import { parseYaml } from './yaml';

export interface ParseContext {
  pagesDir: string;
  config: SiteConfig;
  /** Paths in errors and pages are shown relative to this folder. */
  displayRoot: string;
}

/** A page's file and frontmatter, not yet validated: plain data, so it can cross from a worker thread. */
export interface PageSource {
  /** The file's path inside the pages folder (the route is made from it). */
  relativeFile: string;
  /** The file's path as errors and pages show it. */
  file: string;
  /** The frontmatter as parsed. */
  data: Record<string, unknown>;
  /** The frontmatter's YAML text, to name the line of an invalid field. */
  matter: string;
}

/**
 * Frontmatter data, parsed with js-yaml (gray-matter's own engine, several
 * times faster than building a syntax tree) using the YAML 1.2 core schema, so
 * dates stay strings as they do in the config. Malformed YAML is parsed again
 * with the tree-building parser, whose error names the line.
 */
function loadFrontmatter(text: string, file: string): object {
  try {
    return (jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA }) ?? {}) as object;
  } catch (cause) {
    // gray-matter hands over the text from the end of the opening `---` line, so its line 1 is the file's line 1.
    parseYaml(text, file, 1); // throws MalformedYaml naming the line
    // The parsers disagree (rare): report js-yaml's objection with its own position.
    const mark = (cause as { mark?: { line: number } }).mark;
    throw new SiteError('MalformedYaml', (cause as Error).message.split('\n')[0] ?? 'YAML syntax error', { file, line: mark ? mark.line + 1 : undefined, cause });
  }
}

/**
 * Reads and splits one page; throws a SiteError when the file cannot be read,
 * uses an unknown token or has malformed YAML. Reads synchronously: a build
 * reads thousands of small files faster in a loop than as thousands of
 * concurrent promises (which would also hold every file in memory at once).
 */
export function parsePage(relativeFile: string, ctx: ParseContext): { source: PageSource; content: string } {
  const absolute = path.join(ctx.pagesDir, relativeFile);
  const file = path.relative(ctx.displayRoot, absolute) || absolute;
  const text = replaceTokens(readFileSync(absolute, 'utf8'), ctx.config, file);
  const parsed = matter(text, { engines: { yaml: (yaml: string) => loadFrontmatter(yaml, file) } });
  return {
    source: { relativeFile, file, data: (parsed.data ?? {}) as Record<string, unknown>, matter: parsed.matter },
    content: parsed.content,
  };
}
