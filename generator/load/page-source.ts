/**
 * A page's text into its PageSource, the first half of loading a page, which
 * needs neither the theme nor zod (validating is validate-frontmatter.ts's):
 * the text decoded as UTF-8, its frontmatter split and parsed (frontmatter.ts),
 * the config tokens' values put into the parsed data and the body's prose;
 * and, for a page whose frontmatter names no title or description, them taken
 * from its first `#` heading (then left out of the body, so it is not shown
 * twice) and its first paragraph.
 *
 * Everything wrong with the file itself is a named error with its line: a
 * file that cannot be read, is not UTF-8, holds binary data or invisible
 * control characters, is empty, has frontmatter that is not closed, is not
 * YAML or uses YAML to do more than hold data, or names an unknown token.
 */
import path from 'node:path';
import type { SiteConfig } from '../config/config';
import type { PageSource } from '../pages/page';
import { SiteError, throwIfAny } from '../base/errors';
import { characterError, firstForbidden, lineAt } from '../config/characters';
import { customIdOf, headingTextOf, idLineOf } from '../markdown/heading-ids';
import { decodeText } from '../base/read-text';
import { checkedTexts } from '../config/text-values';
import type { BodyOutline } from '../markdown/body-outline';
import type { Root } from 'mdast';
import {
  findTokens,
  holdsToken,
  restoreTokens,
  substituteInMarkdown,
  tokenUse,
  unescapeTokens,
  unknownToken,
  type Token,
} from '../config/tokens';
import { fieldName } from '../config/yaml';
import { findOtherSyntax, mayHoldOtherSyntax, type OtherSyntax } from '../markdown/other-syntax';
import { bodyLineOf, parseFrontmatter, splitPage, type FrontmatterParsers } from './frontmatter';
import { readPage } from './read-page';

export interface ParseContext {
  pagesDir: string;
  config: SiteConfig;
  /** Paths in errors and pages are shown relative to this folder. */
  displayRoot: string;
  /** Parses a body to tell code from prose and find its first heading and paragraph (body-outline.ts, loaded with remark). */
  outline: (body: string) => BodyOutline;
  /** What the frontmatter is split and parsed with (frontmatter.ts, loaded with remark). */
  parsers: FrontmatterParsers;
}

/**
 * Reads and splits one page; throws a SiteError (or SiteErrors) when it is not a readable page. Reads synchronously:
 * a build reads thousands of small files faster in a loop than as thousands of concurrent promises (which would also
 * hold every file in memory at once).
 */
export function parsePage(relativeFile: string, ctx: ParseContext, bytes?: Uint8Array): ParsedPage {
  const absolute = path.join(ctx.pagesDir, relativeFile);
  const file = path.relative(ctx.displayRoot, absolute) || absolute;
  const text = decodeText(bytes ?? readPage(absolute, file), file, (lenient, offset) => {
    try {
      return splitPage(lenient, file, ctx.config, ctx.parsers).fieldOf(offset);
    } catch {
      return undefined; // the frontmatter cannot be split either: the error names the line only
    }
  });
  if (text.trim() === '') throw new SiteError('EmptyPage', { file, blank: true }, { file });
  const parts = splitPage(text, file, ctx.config, ctx.parsers);
  const { matter, body, bodyStart, tokens: matterTokens, fieldOf } = parts;
  const bad = firstForbidden(text);
  if (bad) throw characterError(text, file, bad, fieldOf(bad.offset));
  // The body is parsed (once) only when it holds tokens, or the frontmatter may lack a title or description.
  let outlined: BodyOutline | undefined;
  const outline = () => (outlined ??= ctx.outline(body));
  // `{{ }}` whose first name is no key of site.yml is another tool's, shown as written (other-syntax.ts names it).
  const proseTokens = findTokens(body, ctx.config).filter((token) => !outline().inCode(token.offset));
  const bodyTokens = proseTokens.filter((token) => token.ours);
  const tokens = [...matterTokens, ...bodyTokens.map((token) => ({ ...token, offset: token.offset + bodyStart }))];
  throwIfAny(
    tokens
      .filter((token) => token.ours && !token.known)
      .map((token) =>
        unknownToken(token, { file, line: lineAt(text, token.offset), field: fieldOf(token.offset) }, ctx.config),
      ),
  );

  const { data: parsed, lineOf } = parseFrontmatter(parts, text, file, ctx.parsers);
  if (Object.keys(parsed).length === 0 && body.trim() === '') {
    throw new SiteError('EmptyPage', { file }, { file, line: 1 });
  }
  const data = checkedTexts(parsed, {
    file,
    lineOf,
    map: (value, at, key) => {
      if (key && holdsToken(value)) {
        const asWritten = tokens.map((token) => ({ ...token, value: token.match }));
        const field = fieldName(at().map((part) => (typeof part === 'string' ? restoreTokens(part, asWritten) : part)));
        throw new SiteError('TokenInFrontmatterKey', { tokenInKey: field }, { file, field, line: lineOf(at()) });
      }
      return unescapeTokens(restoreTokens(value, tokens));
    },
  }) as Record<string, unknown>;

  const derived: PageSource['derived'] = {};
  let heading = typeof data.title === 'string' ? undefined : outline().title;
  let titleId: string | undefined;
  let titleText: string | undefined;
  if (heading) {
    // `# Title {#id}`: the id is not part of the title, and stays a link target (parse-and-render.ts).
    const custom = customIdOf(heading.node, body);
    const node = { ...heading.node, children: custom?.children ?? heading.node.children };
    derived.title = oneLine(outline().text(node, (value) => withValues(value, bodyTokens)));
    titleId = custom?.id;
    // kramdown's `{: #id}` on the line after the title names its id too, and leaves the body with it.
    const lineStart = body.indexOf('\n', heading.end) + 1;
    const next = lineStart === 0 ? '' : /^[^\r\n]*/.exec(body.slice(lineStart))![0];
    const lineId = lineStart === 0 ? undefined : idLineOf(next);
    if (lineId !== undefined && !outline().inCode(lineStart)) {
      titleId ??= lineId;
      heading = { ...heading, end: lineStart + next.length };
    }
    // A title that names no id keeps the one its text makes, as its heading would have had (heading-ids.ts).
    if (titleId === undefined) titleText = withValues(headingTextOf(heading.node), bodyTokens);
  }
  const paragraph = typeof data.description === 'string' ? undefined : outline().paragraph;
  if (paragraph)
    derived.description = cutAtWord(
      oneLine(outline().text(paragraph, (value) => withValues(value, bodyTokens))),
      DESCRIPTION_LENGTH,
    );
  const otherSyntax: OtherSyntax[] = [
    ...matterTokens
      .filter((token) => !token.ours)
      .map((token) => ({ kind: 'liquidOutput' as const, line: lineAt(text, token.offset), text: token.match })),
    ...(mayHoldOtherSyntax(body)
      ? findOtherSyntax(body, {
          inCode: (offset) => outline().inCode(offset),
          tokens: new Set(bodyTokens.map((token) => token.offset)),
          esm: outline().esm,
          rawHtml: outline().rawHtml,
          directives: outline().directives,
          firstLine: bodyLineOf(matter),
        })
      : []),
  ];
  // One parse serves the outline and the rendering when the text rendered is the body less its title (no token
  // substituted): the outline's tree less the title's blocks (body-outline.ts).
  const tree = outlined && bodyTokens.length === 0 ? (heading ? outlined.without(heading) : outlined.tree) : undefined;
  return {
    source: { relativeFile, file, data, matter, derived, ...(otherSyntax.length > 0 ? { otherSyntax } : {}) },
    content: substituteInMarkdown(body, bodyTokens, heading),
    ...(tree ? { parsed: { tree, text: body } } : {}),
    ...(titleId !== undefined ? { titleId } : {}),
    ...(titleText !== undefined ? { titleText } : {}),
    // What the page made of each `{{ }}` holds while the config gives it the same value, or still has no such key.
    uses: Object.fromEntries(
      [...matterTokens, ...proseTokens].map((token) => [token.path, tokenUse(ctx.config, token.path)!]),
    ),
  };
}

/** Text of the markdown (a text node's value) with the tokens in it replaced by their values. */
const withValues = (value: string, tokens: readonly Token[]): string =>
  tokens.length === 0 || !value.includes('{{')
    ? value
    : tokens.reduce((text, token) => text.split(token.match).join(token.value), value);

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The longest description taken from a paragraph: what search results show of a meta description. */
export const DESCRIPTION_LENGTH = 160;

/** `text` cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, '')}…`;
}

/** A page read and split: its frontmatter, its markdown (tokens replaced), and the config values its tokens read. */
interface ParsedPage {
  source: PageSource;
  content: string;
  /** Config path → the value the page's tokens took from it: the result holds while these values do. */
  uses: Record<string, string>;
  /** The id the title heading (left out of `content`) named for itself: `# Title {#top}`. */
  titleId?: string;
  /** The title heading's text, when it named no id: the body's first slug is made from it (heading-ids.ts). */
  titleText?: string;
  /** The tree `content` parses to, when the outline's serves: parsed from `text`, which its positions point into. */
  parsed?: { tree: Root; text: string };
}
