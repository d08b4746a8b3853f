/**
 * The header's search box: a combobox whose list of results (title and excerpt) follows the text typed, over the
 * site's Pagefind index (theme.search: the engine publishes it in /pagefind/). The island starts on the first focus
 * or pointer on it; `/` or Ctrl/Cmd-K focuses it from anywhere (search-shortcut.ts, in the head script, so the keys
 * work before any island has started). Pagefind's script is imported only then, from the `index` prop, a
 * root-relative URL the engine moves under the site's base path; Pagefind links its results under that path too.
 * Without JavaScript the box is hidden (header.css): nothing could search.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { hydrator } from '../lib/runtime';

export interface SearchProps {
  /** Pagefind's script: `/pagefind/pagefind.js`, under the base path in the built page. */
  index: string;
}

interface Result {
  url: string;
  title: string;
  excerpt: string;
}

interface Pagefind {
  search(
    query: string,
  ): Promise<{ results: { data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }> }[] }>;
}

/** The most results shown; the status says how many there are. */
const SHOWN = 8;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text as Pagefind escapes it, unescaped (never parsed as HTML). */
const unescapeText = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/**
 * Pagefind's excerpt, escaped text with the words found in <mark>: rendered as text and <mark> elements, so nothing
 * in a page's text can become markup here.
 */
export function Excerpt({ html }: { html: string }): ReactNode {
  return html
    .split(/(<mark>[^<]*<\/mark>)/)
    .map((part, i) =>
      part.startsWith('<mark>') ? (
        <mark key={i}>{unescapeText(part.slice(6, -7))}</mark>
      ) : (
        unescapeText(part.replace(/<[^>]*>/g, ''))
      ),
    );
}

const statusOf = (query: string, state: 'idle' | 'loading' | 'failed' | 'done', count: number) => {
  if (query.trim() === '' || state === 'idle') return '';
  if (state === 'loading') return 'Searching…';
  if (state === 'failed') return 'Search is not available.';
  if (count === 0) return `No results for “${query.trim()}”.`;
  return count === 1
    ? '1 result.'
    : count > SHOWN
      ? `${count} results, the first ${SHOWN} shown.`
      : `${count} results.`;
};

export function Search({ index }: SearchProps) {
  const input = useRef<HTMLInputElement>(null);
  const pagefind = useRef<Promise<Pagefind> | undefined>(undefined);
  const latest = useRef(0);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Result[]>([]);
  const [count, setCount] = useState(0);
  const [state, setState] = useState<'idle' | 'loading' | 'failed' | 'done'>('idle');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);

  const load = () =>
    (pagefind.current ??= (import(/* @vite-ignore */ index) as Promise<Pagefind>).catch((error: unknown) => {
      pagefind.current = undefined;
      throw error;
    }));

  const run = async (text: string) => {
    const ticket = ++latest.current;
    setQuery(text);
    setActive(-1);
    setOpen(true);
    if (text.trim() === '') {
      setResults([]);
      setCount(0);
      setState('idle');
      return;
    }
    setState('loading');
    try {
      const found = await (await load()).search(text);
      const data = await Promise.all(found.results.slice(0, SHOWN).map((result) => result.data()));
      // A later keystroke's search replaces this one.
      if (ticket !== latest.current) return;
      setResults(data.map((d) => ({ url: d.url, title: d.meta.title ?? d.url, excerpt: d.excerpt })));
      setCount(found.results.length);
      setState('done');
    } catch (error) {
      if (ticket !== latest.current) return;
      console.error('Search could not load its index.', error);
      setResults([]);
      setState('failed');
    }
  };

  // Text typed before the island started (the box is focusable from the first paint) is searched at once.
  useEffect(() => {
    const text = input.current?.value ?? '';
    if (text !== '') void run(text);
    else void load().catch(() => undefined);
    // Once, at hydration: later text comes through onChange.
  }, []);

  const go = (i: number) => {
    const result = results[i];
    if (result) window.location.assign(result.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1;
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i >= last ? 0 : i + 1));
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? last : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      go(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open && query !== '') setOpen(false);
      else {
        event.currentTarget.value = '';
        void run('');
        setOpen(false);
      }
    }
  };

  const shown = open && query.trim() !== '';
  return (
    <div
      className="site-search"
      role="search"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label className="visually-hidden" htmlFor="site-search-input">
        Search this site
      </label>
      <input
        ref={input}
        id="site-search-input"
        className="site-search-input"
        type="search"
        placeholder="Search"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        role="combobox"
        aria-expanded={shown && results.length > 0}
        aria-controls="site-search-results"
        aria-autocomplete="list"
        aria-describedby="site-search-keys"
        aria-activedescendant={shown && active >= 0 ? `site-search-result-${active}` : undefined}
        onChange={(event) => void run(event.currentTarget.value)}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <kbd className="site-search-key" aria-hidden="true">
        /
      </kbd>
      <span id="site-search-keys" className="visually-hidden">
        Press / to search from anywhere; arrow keys choose a result, Enter opens it, Escape closes the list.
      </span>
      {/* Closed, the panel is out of sight but still in the accessibility tree, so its status is announced. */}
      <div className={shown ? 'site-search-panel' : 'site-search-panel visually-hidden'}>
        <p id="site-search-status" className="site-search-status" role="status">
          {shown ? statusOf(query, state, count) : ''}
        </p>
        {/* A listbox holds options: it is there only while it has some. */}
        {shown && results.length > 0 && (
          <ul id="site-search-results" className="site-search-results" role="listbox" aria-label="Results">
            {results.map((result, i) => (
              <li
                key={result.url}
                id={`site-search-result-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'site-search-result active' : 'site-search-result'}
              >
                {/* A pointer follows the link; the keyboard chooses with the arrows from the box (the listbox pattern). */}
                <a href={result.url} tabIndex={-1} onMouseDown={(event) => event.preventDefault()}>
                  <span className="site-search-title">{result.title}</span>
                  <span className="site-search-excerpt">
                    <Excerpt html={result.excerpt} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export const hydrate = hydrator(Search);
