/**
 * remark-gfm's syntax without the parts a page cannot use (syntax-markers.ts): tables, and literal autolinks.
 *
 * remark-gfm adds GFM's five micromark extensions (micromark-extension-gfm's `gfm()`) and their five mdast ones
 * (mdast-util-gfm's `gfmFromMarkdown()`); this adds the same, in the same order, less those left out, so a page that
 * holds no marker of a part parses to the same tree. Each part left out is work no page without its marker needs:
 * the table is tried at the start of every line, and the email autolink at every letter and digit of the text,
 * which cuts its plain text into one piece a character. Only markdown's parsing is changed: remark-html compiles
 * the tree as before, and nothing here writes markdown (the pipelines with site plugins, which may, use remark-gfm).
 */
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';

/** The parts of GFM a page may need; footnotes, strikethrough and task lists cost next to nothing and always run. */
export interface GfmParts {
  tables: boolean;
  autolinks: boolean;
}

interface ParserData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
}

export function remarkGfmParts(this: Processor, parts: GfmParts): void {
  const data = this.data() as ParserData;
  const syntax = (data.micromarkExtensions ??= []);
  const tree = (data.fromMarkdownExtensions ??= []);
  if (parts.autolinks) {
    syntax.push(gfmAutolinkLiteral());
    tree.push(gfmAutolinkLiteralFromMarkdown());
  }
  syntax.push(gfmFootnote(), gfmStrikethrough());
  tree.push(gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown());
  if (parts.tables) {
    syntax.push(gfmTable());
    tree.push(gfmTableFromMarkdown());
  }
  syntax.push(gfmTaskListItem());
  tree.push(gfmTaskListItemFromMarkdown());
}
