/**
 * Fenced containers, as VitePress, VuePress and Docusaurus write their callouts:
 *
 *   ::: tip Before you start            :::warning            :::danger[Irreversible]
 *   Back up the database first.         Text.                 Text.
 *   :::                                 :::                   :::
 *
 * A line of three or more colons and a name opens a container, the rest of the line is its title, and a line of as
 * many colons (or more) closes it; what is between is markdown of its own (lists, code, quotes, other containers,
 * opened with fewer colons). Unclosed, it runs to the end of the page, as a fenced code block does. A line of colons
 * without a name is text, and so is a fence in code.
 *
 * Made as GitHub's alerts are (github-alerts.ts), so themes style one markup: `tip`, `note`, `info`, `important`,
 * `warning`, `danger` and `caution` become `<div class="markdown-alert markdown-alert-…">` with a title
 * (`markdown-alert-title`); `details` becomes `<details>` with its title as the `<summary>`; any other name (VitePress's
 * `code-group`, say) a plain `<div>` around its content. The syntax is a micromark construct (read at the line level,
 * as fenced code is, so a fence after a list or a table closes the container rather than joining them); a site
 * plugin that reads `:::` itself (remark-directive) is tried first, and its markup is kept. MkDocs's admonitions
 * (admonitions.ts) are parsed with them, into the same node.
 */
import type { Properties } from 'hast';
import type { Nodes, Paragraph, PhrasingContent, Root } from 'mdast';
import type { Extension as FromMarkdownExtension, CompileContext, Token as MdastToken } from 'mdast-util-from-markdown';
import { factorySpace } from 'micromark-factory-space';
import { asciiAlphanumeric, markdownLineEnding } from 'micromark-util-character';
import type { Code, Construct, Effects, Extension, State, Token, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';
import { ownValue } from '../base/own';
import { admonitionFromMarkdown, admonitionSyntax } from './admonitions';
import type { FencedContainer } from './container-node';
import { ADMONITIONS, containerKind, isOptions, LABELS } from './container-kinds';
import type { SyntaxData } from './syntax-markers';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    fencedContainer: 'fencedContainer';
    fencedContainerFence: 'fencedContainerFence';
    fencedContainerSequence: 'fencedContainerSequence';
    fencedContainerName: 'fencedContainerName';
    fencedContainerTitle: 'fencedContainerTitle';
    fencedContainerContent: 'fencedContainerContent';
  }
}

const COLON = 58;
const DASH = 45;
const UNDERSCORE = 95;
const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;

const isNameCode = (code: Code) => code !== null && (asciiAlphanumeric(code) || code === DASH || code === UNDERSCORE);

/** A line ending, when the next line belongs to the container (is not a lazy continuation of a paragraph). */
const NEXT_LINE: Construct = {
  partial: true,
  tokenize(effects, ok, nok) {
    return (code) => {
      effects.enter('lineEnding');
      effects.consume(code);
      effects.exit('lineEnding');
      return (next: Code) => (this.parser.lazy[this.now().line] ? nok(next) : ok(next));
    };
  },
};

function tokenizeContainer(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  const last = this.events.at(-1);
  // How far the opening fence is indented: each line of the content may be indented as far again.
  const indent = last && last[1].type === 'linePrefix' ? last[2].sliceSerialize(last[1], true).length : 0;
  let fence = 0;
  let previousChunk: Token | undefined;

  const closing: Construct = {
    partial: true,
    tokenize(effects, ok, nok) {
      let size = 0;
      const sequence = (code: Code): State | undefined => {
        if (code === COLON) {
          effects.consume(code);
          size++;
          return sequence;
        }
        if (size < fence) return nok(code);
        effects.exit('fencedContainerSequence');
        return factorySpace(effects, end, 'whitespace')(code);
      };
      const end = (code: Code): State | undefined => {
        if (code !== null && !markdownLineEnding(code)) return nok(code);
        effects.exit('fencedContainerFence');
        return ok(code);
      };
      // Up to three spaces before the fence, as before a code fence; four make indented code.
      return factorySpace(
        effects,
        (code) => {
          effects.enter('fencedContainerFence');
          effects.enter('fencedContainerSequence');
          return sequence(code);
        },
        'linePrefix',
        4,
      );
    },
  };

  const start: State = (code) => {
    effects.enter('fencedContainer');
    effects.enter('fencedContainerFence');
    effects.enter('fencedContainerSequence');
    return openSequence(code);
  };
  const openSequence: State = (code) => {
    if (code === COLON) {
      effects.consume(code);
      fence++;
      return openSequence;
    }
    if (fence < 3) return nok(code);
    effects.exit('fencedContainerSequence');
    return factorySpace(effects, nameStart, 'whitespace')(code);
  };
  const nameStart: State = (code) => {
    // MyST writes a directive's name in braces, `:::{note}`, `:::{py:function}`.
    if (code === BRACE_OPEN) {
      effects.enter('fencedContainerName');
      effects.consume(code);
      return bracedStart;
    }
    if (!isNameCode(code)) return nok(code);
    effects.enter('fencedContainerName');
    return name(code);
  };
  const bracedStart: State = (code) => {
    if (!isNameCode(code)) return nok(code);
    effects.consume(code);
    return braced;
  };
  const braced: State = (code) => {
    if (isNameCode(code) || code === COLON) {
      effects.consume(code);
      return braced;
    }
    if (code !== BRACE_CLOSE) return nok(code);
    effects.consume(code);
    effects.exit('fencedContainerName');
    return factorySpace(effects, titleStart, 'whitespace');
  };
  const name: State = (code) => {
    if (isNameCode(code)) {
      effects.consume(code);
      return name;
    }
    effects.exit('fencedContainerName');
    return factorySpace(effects, titleStart, 'whitespace')(code);
  };
  const titleStart: State = (code) => {
    if (code === null || markdownLineEnding(code)) return openEnd(code);
    effects.enter('fencedContainerTitle');
    effects.enter('chunkText', { contentType: 'text' });
    return title(code);
  };
  const title: State = (code) => {
    if (code === null || markdownLineEnding(code)) {
      effects.exit('chunkText');
      effects.exit('fencedContainerTitle');
      return openEnd(code);
    }
    effects.consume(code);
    return title;
  };
  const openEnd: State = (code) => {
    effects.exit('fencedContainerFence');
    if (code === null) return done(code);
    // Asked only whether a container starts here (it may interrupt a paragraph): it does.
    if (this.interrupt) return ok(code);
    return effects.attempt(NEXT_LINE, contentStart, done)(code);
  };
  const contentStart: State = (code) => {
    effects.enter('fencedContainerContent');
    return lineStart(code);
  };
  const lineStart: State = (code) =>
    effects.attempt(
      closing,
      contentEnd,
      indent > 0 ? factorySpace(effects, chunkStart, 'linePrefix', indent + 1) : chunkStart,
    )(code);
  const chunkStart: State = (code) => {
    if (code === null) return contentEnd(code);
    if (markdownLineEnding(code)) return effects.check(NEXT_LINE, chunk, contentEnd)(code);
    return chunk(code);
  };
  // Each line of the content is a chunk of a document of its own, parsed as a page is.
  const chunk: State = (code) => {
    const token = effects.enter('chunkDocument', { contentType: 'document', previous: previousChunk });
    if (previousChunk) previousChunk.next = token;
    previousChunk = token;
    return chunkRest(code);
  };
  const chunkRest: State = (code) => {
    if (code === null) {
      endChunk();
      return contentEnd(code);
    }
    if (markdownLineEnding(code)) return effects.check(NEXT_LINE, chunkLineEnd, chunkLast)(code);
    effects.consume(code);
    return chunkRest;
  };
  const endChunk = () => {
    const token = effects.exit('chunkDocument');
    this.parser.lazy[token.start.line] = false;
  };
  const chunkLineEnd: State = (code) => {
    effects.consume(code);
    endChunk();
    return lineStart;
  };
  const chunkLast: State = (code) => {
    endChunk();
    return contentEnd(code);
  };
  const contentEnd: State = (code) => {
    effects.exit('fencedContainerContent');
    return done(code);
  };
  const done: State = (code) => {
    effects.exit('fencedContainer');
    return ok(code);
  };
  return start;
}

/** The micromark extension: the construct, at a line starting with a colon. */
const syntax: Extension = {
  // After the constructs other extensions add for a colon (micromark tries later extensions first otherwise): a site
  // plugin that reads `:::` itself keeps its syntax.
  flow: { [COLON]: { name: 'fencedContainer', tokenize: tokenizeContainer, concrete: true, add: 'after' } },
};

/** The mdast-util-from-markdown extension: a FencedContainer node, its title a paragraph marked as such. */
const fromMarkdown: FromMarkdownExtension = {
  enter: {
    fencedContainer(this: CompileContext, token: MdastToken) {
      this.enter({ type: 'fencedContainer', name: '', children: [] } as unknown as Paragraph, token);
    },
    fencedContainerTitle(this: CompileContext, token: MdastToken) {
      this.enter({ type: 'paragraph', children: [], data: { containerTitle: true } }, token);
    },
  },
  exit: {
    fencedContainerName(this: CompileContext, token: MdastToken) {
      const node = this.stack.at(-1) as unknown as FencedContainer;
      const name = this.sliceSerialize(token).toLowerCase();
      node.name = name.startsWith('{') ? name.slice(1, -1) : name;
      if (name.startsWith('{')) node.braced = true;
    },
    fencedContainerTitle(this: CompileContext, token: MdastToken) {
      this.exit(token);
    },
    fencedContainer(this: CompileContext, token: MdastToken) {
      this.exit(token);
    },
  },
};

/** Adds the syntax of fenced containers and of admonitions to a processor's parser (remark reads these lists when it parses). */
export function containerSyntax(this: Processor) {
  const data = this.data() as { micromarkExtensions?: Extension[]; fromMarkdownExtensions?: FromMarkdownExtension[] };
  (data.micromarkExtensions ??= []).push(syntax, admonitionSyntax);
  (data.fromMarkdownExtensions ??= []).push(fromMarkdown, admonitionFromMarkdown);
}

/** A title written in brackets (`:::danger[Irreversible]`, Docusaurus's) without them. */
function unbracketed(title: Paragraph): Paragraph {
  const [first] = title.children;
  const last = title.children.at(-1);
  if (first?.type !== 'text' || last?.type !== 'text' || !first.value.startsWith('[') || !last.value.endsWith(']'))
    return title;
  const children = title.children.map((child) => ({ ...child })) as PhrasingContent[];
  const head = children[0] as { value: string };
  head.value = head.value.slice(1);
  const tail = children.at(-1) as { value: string };
  tail.value = tail.value.slice(0, -1);
  return { ...title, children };
}

/**
 * The attributes VitePress writes in braces at the end of a container's line (`::: details Click me {open}`,
 * `::: tip {no-title}`; @mdit/plugin-attrs reads them), taken off the title: the words in them, and the title left
 * (none when nothing else was written). `open` opens a disclosure and `no-title` leaves an alert untitled; the others
 * (classes, ids) are not kept, as a heading's are not.
 */
function withoutAttributes(title: Paragraph): { title?: Paragraph; attributes: Set<string> } {
  const last = title.children.at(-1);
  const found = last?.type === 'text' ? /\s*\{([^{}]*)\}\s*$/.exec(last.value) : null;
  if (!found || !last || last.type !== 'text') return { title, attributes: new Set() };
  const attributes = new Set(found[1]!.split(/\s+/).filter((word) => word !== ''));
  const children = [...title.children.slice(0, -1), { ...last, value: last.value.slice(0, found.index) }].filter(
    (child) => !(child.type === 'text' && child.value === ''),
  );
  const empty = children.every((child) => child.type === 'text' && child.value.trim() === '');
  return { title: empty ? undefined : { ...title, children }, attributes };
}

/** The remark plugin that makes each container the HTML it stands for. */
export function remarkContainers() {
  return (tree: Root, file: { data: SyntaxData }) => {
    if (file.data.syntax?.containers === false) return;
    const visit = (node: Nodes) => {
      if (!('children' in node)) return;
      for (const child of node.children as Nodes[]) visit(child);
      if (node.type !== 'fencedContainer') return;
      const first = node.children[0];
      const titleLine = first?.type === 'paragraph' && first.data?.containerTitle ? unbracketed(first) : undefined;
      const content = titleLine ? node.children.slice(1) : node.children;
      const body = node.braced && isOptions(content[0]) ? content.slice(1) : content;
      const { title: written, attributes } = titleLine ? withoutAttributes(titleLine) : { attributes: new Set() };
      const label = ownValue(LABELS, node.name) ?? node.name.charAt(0).toUpperCase() + node.name.slice(1);
      const title = (hName: string, hProperties: Properties = {}): Paragraph => ({
        type: 'paragraph',
        children: written?.children ?? [{ type: 'text', value: label }],
        data: { hName, hProperties },
      });
      if (node.admonition) {
        const text = (value: string): PhrasingContent[] => [{ type: 'text', value }];
        const heading = node.title ? text(node.title) : text(label);
        if (node.folds) {
          node.children = [{ type: 'paragraph', children: heading, data: { hName: 'summary' } }, ...node.children];
          node.data = { hName: 'details', hProperties: node.folds === 'open' ? { open: true } : {} };
          return;
        }
        const kind = ownValue(ADMONITIONS, node.name) ?? 'note';
        const titled: Paragraph[] =
          node.title === ''
            ? []
            : [
                {
                  type: 'paragraph',
                  children: heading,
                  data: { hProperties: { className: ['markdown-alert-title'] } },
                },
              ];
        node.children = [...titled, ...node.children];
        node.data = { hName: 'div', hProperties: { className: ['markdown-alert', `markdown-alert-${kind}`] } };
        return;
      }
      const kind = containerKind(node.name, node.braced === true);
      const alert = typeof kind === 'object' ? kind.alert : undefined;
      if (alert) {
        const titled = attributes.has('no-title') ? [] : [title('p', { className: ['markdown-alert-title'] })];
        node.children = [...titled, ...body];
        node.data = { hName: 'div', hProperties: { className: ['markdown-alert', `markdown-alert-${alert}`] } };
      } else if (kind === 'details') {
        node.children = [title('summary'), ...body];
        node.data = { hName: 'details', hProperties: attributes.has('open') ? { open: true } : {} };
      } else {
        node.children = written ? [{ ...written, data: {} }, ...body] : body;
        node.data = { hName: 'div' };
      }
    };
    visit(tree);
  };
}
