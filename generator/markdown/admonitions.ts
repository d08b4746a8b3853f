/**
 * Admonitions, as MkDocs (Python-Markdown's admonition extension, and Material for MkDocs's collapsible ones) writes
 * them:
 *
 *   !!! warning "Back up first"         ??? note "Collapsed until opened"      ???+ tip
 *       Indented by four spaces,            Text.                                  Open at first.
 *       the content is markdown.
 *
 * `!!!`, `???` or `???+` at the start of a block (not inside a paragraph), a type, other words (classes, not kept) and
 * an optional title in double quotes (`""` for none); then every line indented by four spaces, and blank lines
 * between them, is its content, markdown of its own. The first line without the indent ends it (a paragraph's own
 * next line excepted, as in a quote). Read as a container of the document, as a quote is.
 *
 * The tree holds it as a FencedContainer (containers.ts), which makes the HTML: an alert of the type's kind, titled
 * by its title or its type, or for `???`, a `<details>`.
 */
import type { Extension as FromMarkdownExtension, CompileContext, Token as MdastToken } from 'mdast-util-from-markdown';
import { blankLine } from 'micromark-core-commonmark';
import { factorySpace } from 'micromark-factory-space';
import { asciiAlphanumeric, markdownLineEnding, markdownSpace } from 'micromark-util-character';
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import type { FencedContainer } from './container-node';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    admonition: 'admonition';
    admonitionMarker: 'admonitionMarker';
    admonitionType: 'admonitionType';
    admonitionClass: 'admonitionClass';
    admonitionTitle: 'admonitionTitle';
    admonitionIndent: 'admonitionIndent';
  }
}

const BANG = 33;
const QUOTE = 34;
const PLUS = 43;
const QUESTION = 63;
/** The indent of an admonition's content: four columns (a tab is one). */
const INDENT = 4;

const isWordCode = (code: Code) => code !== null && (asciiAlphanumeric(code) || code === 45 || code === 95);

function tokenizeStart(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let marker: Code = null;
  let size = 0;

  const start: State = (code) => {
    // As Python-Markdown reads blocks: an admonition starts a block, it does not go on a paragraph.
    if ((code !== BANG && code !== QUESTION) || this.interrupt) return nok(code);
    marker = code;
    effects.enter('admonition', { _container: true });
    effects.enter('admonitionMarker');
    return markerRun(code);
  };
  const markerRun: State = (code) => {
    if (code === marker && size < 3) {
      effects.consume(code);
      size++;
      return markerRun;
    }
    if (size < 3) return nok(code);
    if (marker === QUESTION && code === PLUS) {
      effects.consume(code);
      return markerEnd;
    }
    return markerEnd(code);
  };
  const markerEnd: State = (code) => {
    effects.exit('admonitionMarker');
    return markdownSpace(code) ? factorySpace(effects, typeStart, 'whitespace')(code) : nok(code);
  };
  const typeStart: State = (code) => {
    if (!isWordCode(code)) return nok(code);
    effects.enter('admonitionType');
    return word('admonitionType')(code);
  };
  // The type, then any other words (classes Python-Markdown adds), each followed by spaces.
  const word =
    (type: 'admonitionType' | 'admonitionClass'): State =>
    (code) => {
      if (isWordCode(code)) {
        effects.consume(code);
        return word(type);
      }
      effects.exit(type);
      return factorySpace(effects, afterWord, 'whitespace')(code);
    };
  const afterWord: State = (code) => {
    if (code === null || markdownLineEnding(code)) return done(code);
    if (code === QUOTE) {
      effects.enter('admonitionTitle');
      effects.consume(code);
      return title;
    }
    if (!isWordCode(code)) return nok(code);
    effects.enter('admonitionClass');
    return word('admonitionClass')(code);
  };
  const title: State = (code) => {
    if (code === null || markdownLineEnding(code)) return nok(code);
    effects.consume(code);
    if (code !== QUOTE) return title;
    effects.exit('admonitionTitle');
    return factorySpace(effects, end, 'whitespace');
  };
  const end: State = (code) => (code === null || markdownLineEnding(code) ? done(code) : nok(code));
  // The opening line is all prefix: the content starts on the next line.
  const done: State = (code) => ok(code);
  return start;
}

/** Four columns of indent, all of them: a line that has them goes on the admonition. */
const INDENTED: Construct = {
  partial: true,
  tokenize(effects, ok, nok) {
    return factorySpace(
      effects,
      (code) => {
        const tail = this.events.at(-1);
        return tail && tail[1].type === 'admonitionIndent' && tail[2].sliceSerialize(tail[1], true).length === INDENT
          ? ok(code)
          : nok(code);
      },
      'admonitionIndent',
      INDENT + 1,
    );
  },
};

function tokenizeContinuation(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  // A blank line goes on (the next indented line decides); any other line needs the whole indent.
  return effects.check(
    blankLine,
    (code) => factorySpace(effects, ok, 'admonitionIndent', INDENT + 1)(code),
    effects.attempt(INDENTED, ok, nok),
  );
}

/** The micromark extension: a container of the document, at a line starting with `!` or `?`. */
const admonition: Construct = {
  name: 'admonition',
  tokenize: tokenizeStart,
  continuation: { tokenize: tokenizeContinuation },
  exit(effects) {
    effects.exit('admonition');
  },
};
export const admonitionSyntax: Extension = { document: { [BANG]: admonition, [QUESTION]: admonition } };

const current = (context: CompileContext) => context.stack.at(-1) as unknown as FencedContainer;

/** The mdast-util-from-markdown extension: a FencedContainer with its type, title and whether it folds. */
export const admonitionFromMarkdown: FromMarkdownExtension = {
  enter: {
    admonition(this: CompileContext, token: MdastToken) {
      this.enter({ type: 'fencedContainer', name: '', admonition: true, children: [] } as unknown as never, token);
    },
  },
  exit: {
    admonitionMarker(this: CompileContext, token: MdastToken) {
      const marker = this.sliceSerialize(token);
      if (marker.startsWith('?')) current(this).folds = marker.endsWith('+') ? 'open' : 'closed';
    },
    admonitionType(this: CompileContext, token: MdastToken) {
      current(this).name = this.sliceSerialize(token).toLowerCase();
    },
    admonitionTitle(this: CompileContext, token: MdastToken) {
      current(this).title = this.sliceSerialize(token).slice(1, -1).trim();
    },
    admonition(this: CompileContext, token: MdastToken) {
      this.exit(token);
    },
  },
};
