/**
 * The content store: each page's parsed frontmatter and rendered markdown,
 * kept between builds under node_modules/.cache/site/ (as Astro's content
 * layer keeps its data store), so a build runs remark only for pages that
 * changed.
 *
 * An entry is found by the page's path and used only when everything its
 * result was made from is as it was:
 * - the page's bytes (a SHA-256 digest of them) and where it is (its path,
 *   and the path errors show);
 * - the recipe: the engine's code, the markdown pipeline (remark's packages,
 *   each plugin's file, version and options) and the ids the theme reserves;
 * - the value of every config path the page's tokens read. Other config
 *   values cannot change the result, so editing one re-renders only the pages
 *   whose tokens read it.
 *
 * One file per pages folder (a header line, a line per page, an end line),
 * written to a temporary name and renamed over the old one (writeAtomically),
 * so a killed build leaves the previous store or the new one, never half of
 * one; a file that does not parse whole, or was made by another recipe, is
 * ignored. Removing the cache folder is always safe. Entries of pages that no
 * longer exist are dropped when the store is saved.
 *
 * A stored body is HTML the sanitiser made, published as it is: so the store
 * is sealed (its end line holds an HMAC of everything before it, cache/seal.ts,
 * under a key the cache folder does not hold), and a store whose seal does not
 * match (a page's HTML with a script added, in a cache restored from an
 * untrusted branch) is ignored whole and every page rendered again. Sealing
 * rather than sanitising on the way out keeps a warm build free of a second
 * HTML parse of every page, and covers the frontmatter and headings too.
 */
import { createHash } from 'node:crypto';
import { access, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { removeStale, writeAtomically } from '../cache/cache-files';
import { sealed, sealInParts, sealKey } from '../cache/seal';
import type { SiteConfig } from '../config/config';
import type { RenderedMarkdown } from '../markdown/markdown';
import type { PageSource } from '../pages/page';
import { tokenUse } from '../config/tokens';

/** A page as the store keeps it: its frontmatter and rendered body, and what they were made from. */
interface StoredPage {
  /** Digest of the page's bytes, path and display path. */
  key: string;
  /** The config values its tokens read, by path. */
  uses: Record<string, string>;
  source: PageSource;
  body: RenderedMarkdown;
}

/** The store's first line; one line per page follows, then END. */
interface StoreHeader {
  format: number;
  recipe: string;
  pages: number;
}

const FORMAT = 3;
const STORE = /^content-[0-9a-f]{16}\.json$/;

/** The store of a pages folder: one per folder, whatever the recipe (a new recipe replaces it). */
const storeFile = (cacheDir: string, pagesDir: string) =>
  path.join(cacheDir, `content-${createHash('sha256').update(path.resolve(pagesDir)).digest('hex').slice(0, 16)}.json`);

/** The key of a page's bytes at its place: what its stored entry must match. */
export function pageKey(bytes: Uint8Array, absolute: string, shown: string): string {
  return createHash('sha256')
    .update(absolute)
    .update('\0')
    .update(shown)
    .update('\0')
    .update(bytes)
    .digest('base64url');
}

export class ContentStore {
  private changed = false;
  private swept = false;

  private constructor(
    private readonly file: string | undefined,
    private readonly recipe: string,
    private pages: Map<string, StoredPage>,
  ) {}

  /** The store of one pages folder in `cacheDir`, for `recipe`: empty when there is none, it is unreadable, or made by another recipe. */
  static async open(cacheDir: string, pagesDir: string, recipe: string): Promise<ContentStore> {
    const file = storeFile(cacheDir, pagesDir);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    return new ContentStore(
      file,
      recipe,
      (text === undefined ? undefined : readEntries(text, recipe, path.basename(file), await sealKey())) ?? new Map(),
    );
  }

  /** A store that keeps entries in memory only (no cache folder). */
  /** Whether a store for this pages folder is in the cache folder (whatever its recipe). */
  static exists(cacheDir: string, pagesDir: string): Promise<boolean> {
    return access(storeFile(cacheDir, pagesDir)).then(
      () => true,
      () => false,
    );
  }

  static inMemory(recipe: string): ContentStore {
    return new ContentStore(undefined, recipe, new Map());
  }

  /** Whether this store was made for `recipe` (a new recipe needs a new store). */
  madeFor(recipe: string): boolean {
    return this.recipe === recipe;
  }

  /** The stored result for a page, when its key matches and every config value its tokens read is unchanged. */
  get(relativeFile: string, key: string, config: SiteConfig): StoredPage | undefined {
    const entry = this.pages.get(relativeFile);
    if (!entry || entry.key !== key) return undefined;
    for (const [at, value] of Object.entries(entry.uses)) if (tokenUse(config, at) !== value) return undefined;
    return entry;
  }

  set(relativeFile: string, entry: StoredPage): void {
    this.pages.set(relativeFile, kept(relativeFile, entry));
    this.changed = true;
  }

  /** Drops the entries of pages not in `present` (deleted or renamed pages). */
  keepOnly(present: ReadonlySet<string>): void {
    for (const relativeFile of this.pages.keys()) {
      if (present.has(relativeFile)) continue;
      this.pages.delete(relativeFile);
      this.changed = true;
    }
  }

  /** Writes the store when it changed; a cache that cannot be written only costs the next build its markdown. */
  async save(): Promise<void> {
    if (!this.file || !this.changed) return;
    this.changed = false;
    const seal = sealInParts(await sealKey(), path.basename(this.file));
    const saved = await writeAtomically(this.file, async (temp) => {
      // One line per page, written a batch at a time: a large site's store is never one string in memory.
      const out = await open(temp, 'w');
      try {
        const header: StoreHeader = { format: FORMAT, recipe: this.recipe, pages: this.pages.size };
        let batch = `${JSON.stringify(header)}\n`;
        for (const [relativeFile, entry] of this.pages) {
          batch += `${JSON.stringify([relativeFile, entry])}\n`;
          if (batch.length > 1 << 20) {
            seal.add(batch);
            await out.write(batch);
            batch = '';
          }
        }
        seal.add(batch);
        await out.write(`${batch}${JSON.stringify({ end: seal.seal() })}\n`);
      } finally {
        await out.close();
      }
    });
    if (!saved) {
      this.changed = true;
      return;
    }
    // Other folders' stores unused for a day go, once per store (a watch session saves after every edit).
    if (!this.swept) await removeStale(path.dirname(this.file), STORE, path.basename(this.file));
    this.swept = true;
  }
}

/**
 * The entries of a store file, or undefined when it is not a whole, sealed store of this recipe (torn, tampered,
 * foreign, or older).
 */
function readEntries(text: string, recipe: string, name: string, key: Buffer): Map<string, StoredPage> | undefined {
  const lines = text.split('\n');
  try {
    const header = JSON.parse(lines[0]!) as StoreHeader;
    if (header.format !== FORMAT || header.recipe !== recipe || !Number.isSafeInteger(header.pages) || header.pages < 0)
      return undefined;
    // A store cut short (a full disk, a crash of the machine) lacks its last line: ignored whole.
    if (lines.length !== header.pages + 3 || lines[header.pages + 2] !== '') return undefined;
    const end = JSON.parse(lines[header.pages + 1]!) as { end?: unknown };
    const body = text.slice(0, text.length - lines[header.pages + 1]!.length - 1);
    if (!sealed(key, end?.end, name, body)) return undefined;
    const pages = new Map<string, StoredPage>();
    for (let i = 1; i <= header.pages; i++) {
      const [relativeFile, entry] = JSON.parse(lines[i]!) as [string, StoredPage];
      pages.set(relativeFile, kept(relativeFile, entry));
    }
    return pages;
  } catch {
    return undefined;
  }
}

/** One empty object for every entry's empty parts: frozen, so no entry can change another's. */
const NOTHING: Readonly<Record<string, never>> = Object.freeze({});
const emptyOr = <T extends object>(value: T): T => (Object.keys(value).length === 0 ? (NOTHING as T) : value);

/**
 * An entry as the store keeps it, the same values: the config values read and what the markdown gives (empty on most
 * pages: their tokens read none, their frontmatter names the title and description) one shared empty object, and the
 * page's file the map's key, where a store read from its file held a copy of each for every page. The source is the
 * store's from here on (parsed from its file, or made by the page's parse, which only reads it after): set in place,
 * so it keeps the layout it was made with (copied onto `{}`, its fields past the fourth took an array of their own).
 */
function kept(relativeFile: string, entry: StoredPage): StoredPage {
  const { source } = entry;
  if (source.relativeFile === relativeFile) source.relativeFile = relativeFile;
  source.derived = emptyOr(source.derived);
  return { key: entry.key, uses: emptyOr(entry.uses), source, body: entry.body };
}
