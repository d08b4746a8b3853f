/**
 * Markdown to safe HTML with remark, as remark-html's README builds it (`remark().use(remarkGfm).use(remarkHtml)`):
 *
 *   remark (parse, with fenced containers and admonitions) → remark-gfm → the site's plugins, in order → containers and GitHub's
 *   alerts as HTML → links to .md files → heading ids → GitHub's emoji shortcodes → the grammars the code blocks name
 *   → remark-html, sanitising (its handlers and schema: markdown-html.ts)
 *
 * remark-gfm adds tables, strikethrough, task lists, footnotes and autolinks.
 * The site's plugins are named in the site config (`markdown.plugins`,
 * markdown-plugins.ts). One processor is made per plugin list (with options)
 * and project, frozen and reused for every page; a page renders synchronously
 * unless a plugin works asynchronously, or a code block names a language whose grammar is not loaded yet.
 *
 * A page is made with only the syntax extensions whose markers it holds (fenced containers and admonitions, GitHub's
 * alerts, emoji shortcodes, ids headings name, GFM's tables and literal autolinks: syntax-markers.ts, gfm-parts.ts),
 * when the site has no plugins of its own; with
 * plugins, which may make nodes the page's text does not show, every extension runs on every page.
 *
 * Safety: remark-html sanitises with GitHub's schema (hast-util-sanitize's
 * defaultSchema, changed as markdown-html.ts says), raw HTML included (raw-html.ts: `<kbd>`, `<details>`, `<sup>`,
 * `<a id>` and `<img>` stay; `<script>`, `<style>`, event handlers go). Link and
 * image URLs with any other protocol than the schema's (http, https, mailto,
 * xmpp, irc, ircs; images http and https) lose the attribute, so `javascript:`,
 * `data:` and `vbscript:` never reach a page. No element keeps a `style`
 * attribute (the site's Content-Security-Policy forbids them): table alignment
 * is written as `align`.
 */
import path from 'node:path';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import type { Plugin, Pluggable, Preset, Processor, TransformCallback } from 'unified';
import { SiteError } from '../base/errors';
import type { PageInfo } from '../pages/page';
import {
  compileIds,
  remarkHeadingIds,
  type HeadingData,
  type HeadingIdOptions,
  type HeadingIdStyle,
  type ReservedIds,
} from './heading-ids';
import { loadPlugins, messageOf, type LoadedPlugin, type PluginPlace, type PluginSetting } from './markdown-plugins';
import { recipeOf, type MarkdownSettings } from './markdown-recipe';

export type { MarkdownSettings };
import { remarkPageLinks, type PageLinksData } from './page-links';
import { remarkKeepFile } from './raw-html';
import { remarkGithubAlerts } from './github-alerts';
import { remarkEmoji } from './emoji';
import { containerSyntax, remarkContainers } from './containers';
import { htmlOptions, remarkHtml } from './markdown-html';
import { codeBlocks, type CodeBlocksData } from './code-blocks';
import type { Handler } from 'mdast-util-to-hast';
import type { Root } from 'mdast';
import { EVERY_EXTENSION, syntaxMarkers, type SyntaxData, type SyntaxMarkers } from './syntax-markers';
import { remarkGfmParts } from './gfm-parts';

export type { ReservedIds } from './heading-ids';
export type { PluginSetting } from './markdown-plugins';

/** What the pipeline makes of a page's markdown: the parts of the page (PageInfo) that come from its body. */
export type RenderedMarkdown = Pick<PageInfo, 'html' | 'headings' | 'markdownLinks' | 'unknownCode'>;

/** The page a body belongs to: named in errors, given to plugins as the file they work on. */
export interface BodySource {
  /** The page's file as errors show it. */
  file: string;
  /** Its absolute path (plugins may resolve relative files from it). */
  path?: string;
  /** The line of the file the body starts on (after the frontmatter), so plugins' messages point into the file. */
  line?: number;
  /** Ids the page uses besides its headings' (the theme's reservedIds). */
  reservedIds?: ReservedIds;
  /** The text of the `#` title heading taken out of the body, when it names no id: its slug anchors the body's start. */
  titleText?: string;
  /** Its path inside the pages folder: links to other markdown files are resolved from it (page-links.ts). */
  relativeFile?: string;
  /** The folders whose README.md is their page (routes.ts, readmeFolders), for links to READMEs; none when not given. */
  readmes?: ReadonlySet<string>;
}

/** A markdown pipeline, made once for a plugin list and reused for every page. */
export interface Markdown {
  /** The site's plugins, by name. */
  readonly plugins: readonly string[];
  /**
   * Everything a rendering depends on besides the page: the versions of remark and its packages, and each plugin's
   * file, version and options. Rendered bodies are cached under it (content-store.ts).
   */
  readonly recipe: string;
  /**
   * Parses a body as render does and as the outline's parser does (body-outline.ts): only a pipeline without site
   * plugins has it, whose parser is the outline's, so one parse can serve both.
   */
  readonly parse?: (source: string) => Root;
  /**
   * Renders a body: synchronously, unless a plugin works asynchronously. Throws MarkdownFailed naming the page and
   * plugin. `tree`, when given, is `parse(source)` less some of its top-level blocks: rendered in place of a parse.
   */
  render(source: string, page: BodySource, tree?: Root): RenderedMarkdown | Promise<RenderedMarkdown>;
}

/** Recently used pipelines by project, config file and plugin list (a long watch session may see a few configs). */
const pipelines = new Map<string, Promise<Markdown>>();
const KEPT = 8;

/**
 * The markdown pipeline with the config's plugins, made once per project, config and plugin list (with options). Rejects
 * naming the config file and field when a plugin cannot be used (MarkdownPluginNotFound, MarkdownPluginStartFailed…).
 */
export function loadMarkdown(settings: MarkdownSettings | undefined, place: PluginPlace): Promise<Markdown> {
  const plugins = settings?.plugins ?? [];
  const headingIds = settings?.headingIds ?? 'github';
  const key = JSON.stringify([path.resolve(place.root), place.configFile, plugins, headingIds]);
  let loading = pipelines.get(key);
  // The least recently used goes first: the one in use is moved to the end of the map at every use.
  if (loading) {
    pipelines.delete(key);
    pipelines.set(key, loading);
  } else {
    loading = createMarkdown(plugins, headingIds, place);
    pipelines.set(key, loading);
    // A failed load is not kept: the next build tries again (after an npm install, say).
    loading.catch(() => pipelines.delete(key));
    if (pipelines.size > KEPT) pipelines.delete(pipelines.keys().next().value!);
  }
  return loading;
}

async function createMarkdown(
  settings: readonly PluginSetting[],
  headingIds: HeadingIdStyle,
  place: PluginPlace,
): Promise<Markdown> {
  const plugins = await loadPlugins(settings, place);
  const code = codeBlocks();
  // The site's plugins are not known to the type checker: the pipeline is typed loosely from here.
  const build = (gates: Gates) => {
    const gfm = gates.tables && gates.autolinks;
    const processor = (gfm ? remark().use(remarkGfm) : remark().use(remarkGfmParts, gates)) as unknown as Processor<
      any,
      any,
      any,
      any,
      any
    >;
    for (const plugin of plugins) {
      const named = withName(plugin.plugin, plugin);
      if (typeof named === 'function') processor.use(named, ...(plugin.options === undefined ? [] : [plugin.options]));
      else processor.use(named as Preset);
    }
    // The container syntax after the site's plugins: one of them that reads `:::` itself is tried first.
    if (gates.containers) processor.use(containerSyntax as unknown as Plugin);
    processor
      .use(remarkContainers as unknown as Plugin)
      .use(remarkGithubAlerts as unknown as Plugin)
      .use(remarkPageLinks as unknown as Plugin)
      .use(remarkHeadingIds as unknown as Plugin<[HeadingIdOptions]>, { style: headingIds })
      .use(remarkEmoji as unknown as Plugin)
      .use(code.remarkCodeLanguages as unknown as Plugin)
      .use(remarkKeepFile as unknown as Plugin)
      .use(
        remarkHtml as unknown as Plugin<[ReturnType<typeof htmlOptions>]>,
        htmlOptions(code.code as unknown as Handler),
      );
    return frozen(processor, place);
  };
  const full = build(EVERY_EXTENSION);
  // Without site plugins, a page is made with only the extensions whose markers it holds (syntax-markers.ts): the
  // syntax of containers, tables and autolinks is left out of the parser itself (a processor for each set, made
  // when a page first needs it), the other extensions see the markers in the file's data.
  const gated = plugins.length === 0 ? new Map<string, Processor>() : undefined;
  const pipeline = (source: string): Pipeline => {
    if (!gated) return { processor: full, syntax: EVERY_EXTENSION };
    const syntax = syntaxMarkers(source);
    const key = `${+syntax.containers}${+syntax.tables}${+syntax.autolinks}`;
    let processor = key === '111' ? full : gated.get(key);
    if (!processor) gated.set(key, (processor = build(syntax)));
    return { processor, syntax };
  };
  return {
    plugins: plugins.map((plugin) => plugin.name),
    recipe: recipeOf(plugins, headingIds),
    ...(gated ? { parse: (source: string) => pipeline(source).processor.parse(source) as Root } : {}),
    render: (source, page, tree) => render(pipeline(source), source, page, tree),
  };
}

/** The syntax a processor parses: the containers' and GFM's parts (syntax-markers.ts). */
type Gates = Pick<SyntaxMarkers, 'containers' | 'tables' | 'autolinks'>;

/** The processor a page is made with, and the extensions it runs (syntax-markers.ts). */
interface Pipeline {
  processor: Processor;
  syntax: SyntaxMarkers;
}

/** The processor, frozen: every plugin's attacher runs, and one that rejects its options throws once, here. */
function frozen(processor: Processor<any, any, any, any, any>, place: PluginPlace): Processor {
  try {
    processor.freeze();
  } catch (error) {
    if (error instanceof PluginFailure) {
      const entry = error.plugin;
      throw new SiteError(
        'MarkdownPluginStartFailed',
        { plugin: entry.name, problem: messageOf(error.cause) },
        {
          file: place.configFile,
          field: `${entry.field}.${entry.options === undefined ? 'name' : 'options'}`,
          cause: error.cause,
        },
      );
    }
    throw error;
  }
  return processor as unknown as Processor;
}

/** An error a plugin threw, with the plugin it came from. */
class PluginFailure extends Error {
  constructor(
    readonly plugin: LoadedPlugin,
    override readonly cause: unknown,
  ) {
    super(messageOf(cause));
  }
}

/** Wraps a plugin (or a preset's plugins) so what it throws names it. */
function withName(pluggable: Pluggable, entry: LoadedPlugin): Pluggable {
  if (typeof pluggable === 'function') return namedPlugin(pluggable as Plugin<unknown[]>, entry);
  if (Array.isArray(pluggable)) {
    const [plugin, ...options] = pluggable as [Pluggable, ...unknown[]];
    return [withName(plugin, entry) as Plugin<unknown[]>, ...options] as Pluggable;
  }
  const preset = pluggable as Preset;
  return { ...preset, plugins: preset.plugins?.map((plugin) => withName(plugin, entry)) };
}

type AnyTransformer = (tree: unknown, file: unknown, next?: TransformCallback) => unknown;

function namedPlugin(plugin: Plugin<unknown[]>, entry: LoadedPlugin): Plugin<unknown[]> {
  const fail = (cause: unknown) => (cause instanceof PluginFailure ? cause : new PluginFailure(entry, cause));
  return function attach(this: Processor, ...options: unknown[]) {
    let transformer: AnyTransformer | undefined | void;
    try {
      transformer = (plugin as (this: Processor, ...options: unknown[]) => AnyTransformer | undefined | void).apply(
        this,
        options,
      );
    } catch (cause) {
      throw fail(cause);
    }
    if (typeof transformer !== 'function') return transformer;
    const transform = transformer;
    // unified passes a callback only to transformers that declare a third parameter: keep the arity.
    if (transform.length > 2) {
      return function (tree: unknown, file: unknown, next: TransformCallback) {
        try {
          transform(tree, file, (error, ...rest) => next(error ? fail(error) : error, ...rest));
        } catch (cause) {
          throw fail(cause);
        }
      };
    }
    return function (tree: unknown, file: unknown) {
      let result: unknown;
      try {
        result = transform(tree, file);
      } catch (cause) {
        throw fail(cause);
      }
      if (result instanceof Error) return fail(result);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).then(undefined, (cause: unknown) => {
          throw fail(cause);
        });
      }
      return result;
    };
  } as Plugin<unknown[]>;
}

type Outcome = { body: RenderedMarkdown } | { error: unknown };

/** Parse, run and compile one body: the result at once when every transformer is synchronous, else a promise. */
function render(
  { processor, syntax }: Pipeline,
  source: string,
  page: BodySource,
  parsed?: Root,
): RenderedMarkdown | Promise<RenderedMarkdown> {
  const shown = page.file.replace(/\\/g, '/');
  const shownPrefix =
    page.relativeFile && shown.endsWith(page.relativeFile)
      ? shown.slice(0, shown.length - page.relativeFile.length)
      : undefined;
  const data: HeadingData & PageLinksData & SyntaxData = {
    syntax,
    reservedIds: compileIds(page.reservedIds ?? []),
    ...(page.titleText !== undefined ? { titleText: page.titleText } : {}),
    relativeFile: page.relativeFile,
    readmes: page.readmes,
    shownPrefix,
    bodyLine: page.line,
  };
  let outcome: Outcome | undefined;
  let settle: ((outcome: Outcome) => void) | undefined;
  const finish = (result: Outcome): RenderedMarkdown => {
    if ('error' in result) throw failed(result.error, page);
    return result.body;
  };
  try {
    const tree = parsed ?? processor.parse(source);
    processor.run(
      tree,
      { value: source, path: page.path, data: data as Record<string, unknown> },
      (error, tree, file) => {
        let result: Outcome;
        try {
          if (error || !tree || !file) throw error ?? new Error('the pipeline returned no tree');
          const html = String(processor.stringify(tree, file));
          const {
            headings = [],
            markdownLinks,
            unknownCode,
          } = file.data as HeadingData & PageLinksData & CodeBlocksData;
          result = {
            body: {
              html,
              headings,
              ...(markdownLinks ? { markdownLinks } : {}),
              ...(unknownCode ? { unknownCode } : {}),
            },
          };
        } catch (caught) {
          result = { error: caught };
        }
        if (settle) settle(result);
        else outcome = result;
        return undefined;
      },
    );
  } catch (error) {
    throw failed(error, page);
  }
  if (outcome) return finish(outcome);
  return new Promise<Outcome>((resolve) => (settle = resolve)).then(finish);
}

/** What a plugin (or the pipeline) threw on a page, as the catalogued error naming the page, line and plugin. */
function failed(error: unknown, page: BodySource): SiteError {
  if (SiteError.is(error)) return error;
  const plugin = error instanceof PluginFailure ? error.plugin : undefined;
  const cause = error instanceof PluginFailure ? error.cause : error;
  // vfile messages (file.fail in a plugin) know the line of the body they are about.
  const bodyLine = (cause as { line?: unknown }).line;
  const line = typeof bodyLine === 'number' && bodyLine > 0 ? bodyLine + (page.line ?? 1) - 1 : undefined;
  const reason = (cause as { reason?: unknown }).reason;
  const problem = typeof reason === 'string' ? reason : messageOf(cause);
  const who = plugin ? `Markdown plugin "${plugin.name}" (${plugin.field})` : 'The markdown pipeline';
  return new SiteError('MarkdownFailed', { who, file: page.file, problem }, { file: page.file, line, cause });
}
