/**
 * Property: whatever happens to a page's bytes, the build never ends in an
 * uncaught error. Random mutations of real pages (byte flips, truncation,
 * deleted ranges, YAML syntax fragments, random Unicode with control
 * characters, lone surrogates encoded as bytes, NUL and random bytes) either
 * build, or fail with catalogued errors (SiteError, with a title and a hint)
 * naming the mutated file, and a failed build leaves the previous output
 * exactly as it was.
 *
 * The site is tiny (the basic fixture and two real pages) and built in this
 * process, so a run takes a fraction of a second. The seed is fixed, so CI
 * runs the same cases each time; to search further, run with another seed and
 * more runs, e.g.
 *   MUTATION_RUNS=2000 MUTATION_SEED=7 npx vitest run tests/build/mutations.property.test.ts
 * (a failure prints the seed and path that reproduce it).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../generator/core/build';
import { ErrorKinds, siteErrorsOf, type SiteError } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { readmeFolders, routeFromFile } from '../../generator/pages/routes';
import { REPO, snapshotDir } from '../support/fixture';

const RUNS = Number(process.env.MUTATION_RUNS ?? 60);
const SEED = Number(process.env.MUTATION_SEED ?? 20_240_515);
/** Real pages of the website, copied into the fixture site: a legal page with tokens, and a page of sections. */
const REAL_PAGES = ['cookie-policy.md', 'careers.md'];

let dir: string;
let pagesDir: string;
let outDir: string;
/** The pages that are mutated, relative to the pages folder, with their original bytes. */
const originals = new Map<string, Buffer>();

const buildSite = (options: BuildOptions = {}) =>
  build({ root: REPO, pagesDir, outDir, logger: silentLogger, now: new Date('2026-01-01T00:00:00Z'), ...options });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-mutations-'));
  pagesDir = path.join(dir, 'pages');
  outDir = path.join(dir, 'dist');
  await cp(path.join(REPO, 'tests/fixtures/basic'), pagesDir, { recursive: true });
  for (const file of REAL_PAGES) await cp(path.join(REPO, 'pages', file), path.join(pagesDir, file));
  // The real pages link to routes the fixture has no page for: planned routes, so the unmutated site builds.
  for (let attempt = 0; ; attempt++) {
    const error = await buildSite().then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!error) break;
    const missing = siteErrorsOf(error)
      .filter((e) => e.kind === 'BrokenLink')
      .map((e) => e.field!.replace(/[#?].*$/, ''));
    if (missing.length === 0 || attempt > 2) throw error;
    const config = path.join(pagesDir, 'site.yml');
    const yml = await readFile(config, 'utf8');
    await writeFile(
      config,
      yml.replace('plannedRoutes: [/press]', `plannedRoutes: [${['/press', ...new Set(missing)].join(', ')}]`),
    );
  }
  for (const file of ['index.md', 'about.md', '404.md', 'services/index.md', 'services/audits.md', ...REAL_PAGES]) {
    originals.set(file, await readFile(path.join(pagesDir, file)));
  }
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/** One change to a file's bytes; positions are taken modulo the length. */
type Mutation =
  | { type: 'flip'; at: number; mask: number }
  | { type: 'truncate'; at: number }
  | { type: 'delete'; at: number; length: number }
  | { type: 'insert'; at: number; bytes: Uint8Array };

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Pieces of YAML (and frontmatter, and token) syntax, alone and in the combinations that make aliases and tags. */
const yamlFragment = fc
  .array(
    fc.constantFrom(
      ': ',
      ':',
      '&a ',
      '*a',
      '*b',
      '&b [*a, *a, *a]',
      '!!',
      '!!js/function ',
      '!foo ',
      '!!binary ',
      '- ',
      '-',
      '\t',
      '  ',
      '{',
      '}',
      '[',
      ']',
      '"',
      "'",
      '\\',
      '#',
      '|',
      '>',
      '? ',
      ',',
      '%',
      '@',
      '`',
      '\n',
      '\r\n',
      '---',
      '---\n',
      '...',
      '{{ name }}',
      '{{ nope }}',
      '{{',
      '}}',
      'title: ',
      'template: page\n',
      'slug: ../x\n',
      '<script>',
      '\u202E',
      '\u0085',
      '\uFDD0',
      '\uFEFF',
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => utf8(parts.join('')));

/** Random Unicode from the whole range (controls, combining marks, emoji), as UTF-8. */
const unicode = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(utf8);
/** Controls of every kind as UTF-8: C0, DEL, C1, bidi embeddings, overrides and isolates. */
const controls = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0x1f }),
      fc.integer({ min: 0x7f, max: 0x9f }),
      fc.integer({ min: 0x202a, max: 0x202e }),
      fc.integer({ min: 0x2066, max: 0x2069 }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((codes) => utf8(String.fromCodePoint(...codes)));
/** Half of a surrogate pair, encoded as UTF-8 would encode it if it allowed surrogates (ED A0 80 to ED BF BF). */
const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => new Uint8Array([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]));
const nul = fc.integer({ min: 1, max: 4 }).map((n) => new Uint8Array(n));
const randomBytes = fc.uint8Array({ minLength: 1, maxLength: 16 });

const position = fc.nat({ max: 1_000_000 });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('flip' as const), at: position, mask: fc.integer({ min: 1, max: 255 }) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('truncate' as const), at: position }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('delete' as const),
      at: position,
      length: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('insert' as const), at: position, bytes: yamlFragment }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('insert' as const),
      at: position,
      bytes: fc.oneof(unicode, controls, loneSurrogate, nul, randomBytes),
    }),
  },
);

function mutate(bytes: Buffer, mutations: Mutation[]): Buffer {
  let out = bytes;
  for (const m of mutations) {
    const at = m.at % (out.length + 1);
    if (m.type === 'flip') {
      if (out.length === 0) continue;
      out = Buffer.from(out);
      out[at % out.length]! ^= m.mask;
    } else if (m.type === 'truncate') out = out.subarray(0, at);
    else if (m.type === 'delete') out = Buffer.concat([out.subarray(0, at), out.subarray(at + m.length)]);
    else out = Buffer.concat([out.subarray(0, at), m.bytes, out.subarray(at)]);
  }
  return out;
}

/** Whether `error` names `file` (relative to the pages folder): as its file, or (a duplicate route) in its message. */
const names = (error: SiteError, file: string) =>
  (error.file !== undefined && path.resolve(REPO, error.file) === path.join(pagesDir, file)) ||
  error.message.includes(path.join('pages', file));

/** Fails the test if a build takes longer than this: a mutation must never make the build hang. */
const BUILD_LIMIT_MS = 30_000;

describe('random mutations of real pages', () => {
  it(
    `never end in an uncaught error; failures are catalogued errors naming the mutated file, and the previous output stays as it was (${RUNS} runs, seed ${SEED})`,
    async () => {
      const files = [...originals.keys()];
      const kinds = new Map<string, number>();
      // The output changes only when a build succeeds: a failed one must leave it as the last success left it.
      let previous = await snapshotDir(outDir);
      let tried = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...files),
          fc.array(mutation, { minLength: 1, maxLength: 3 }),
          async (file, mutations) => {
            if (process.env.MUTATION_RUNS && ++tried % 100 === 0)
              console.log(`${tried} runs:`, Object.fromEntries(kinds));
            const target = path.join(pagesDir, file);
            await writeFile(target, mutate(originals.get(file)!, mutations));
            try {
              let timer: NodeJS.Timeout | undefined;
              const outcome = await Promise.race([
                buildSite().then(
                  () => undefined,
                  (e: unknown) => e ?? new Error('rejected with nothing'),
                ),
                new Promise<Error>(
                  (resolve) =>
                    (timer = setTimeout(
                      () => resolve(new Error(`the build took over ${BUILD_LIMIT_MS} ms`)),
                      BUILD_LIMIT_MS,
                    )),
                ),
              ]);
              clearTimeout(timer);
              if (outcome === undefined) {
                kinds.set('(built)', (kinds.get('(built)') ?? 0) + 1);
                previous = await snapshotDir(outDir);
                return;
              }
              const errors = siteErrorsOf(outcome);
              if (errors.length === 0) throw outcome; // uncaught: not a SiteError
              for (const error of errors) {
                kinds.set(error.kind, (kinds.get(error.kind) ?? 0) + 1);
                expect(ErrorKinds[error.kind], `uncatalogued kind ${error.kind}`).toBeDefined();
                expect(error.title.length).toBeGreaterThan(0);
                expect(error.hint.length).toBeGreaterThan(0);
              }
              // Every failure names the mutated file; a page whose route or anchors changed breaks the links to it from
              // other pages, which name the page holding the link and the link to the mutated page.
              const route = routeFromFile(file, readmeFolders(files));
              const explained =
                errors.some((error) => names(error, file)) ||
                errors.every(
                  (error) => error.kind === 'BrokenLink' && (error.field ?? '').replace(/#.*$/, '') === route,
                );
              expect(
                explained,
                `no error names ${file}: ${errors.map((e) => `${e.kind} ${e.file}: ${e.message}`).join('; ')}`,
              ).toBe(true);
              expect(await snapshotDir(outDir), 'a failed build left the previous output as it was').toEqual(previous);
            } finally {
              await writeFile(target, originals.get(file)!);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (process.env.MUTATION_RUNS) console.log('outcomes by kind:', Object.fromEntries(kinds));
      // The mutations do reach the checks: most runs fail, with more than one kind of error.
      expect(kinds.size).toBeGreaterThan(3);
    },
    Math.max(600_000, RUNS * 10_000),
  );
});
