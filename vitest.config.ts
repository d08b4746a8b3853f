import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The engine's tests (npm run test:engine, in npm test): its modules and the CLI. */
const ENGINE = ['tests/generator/**/*.test.{ts,tsx}', 'tests/bin/cli.test.ts'];
/** The theme's components and islands in jsdom (npm run test:engine too). */
const COMPONENTS = ['tests/templates/**/*.test.{ts,tsx}', 'tests/islands/**/*.test.{ts,tsx}'];

/**
 * The files that take longest, each in its suite (measured: docs/performance.md), started first. In a fresh checkout
 * (CI) vitest knows no durations and starts the largest files first, which left the 10,000-post watch test, a small
 * file, to start late on one worker while the other ran out of files and waited. A stale list costs only that wait.
 */
const LONGEST = [
  'tests/build/blog-watch-scale.property.test.ts',
  'tests/build/nav-watch.property.test.ts',
  'tests/browser/routes-1.test.ts',
  'tests/browser/routes-2.test.ts',
  'tests/bin/cli.test.ts',
];

/** Vitest's order, with the files of LONGEST first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at === -1 ? LONGEST.length : at;
    };
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

/** The website, built once for the suites that read it. */
const REAL_SITE = 'tests/support/real-site-setup.ts';

export default defineConfig({
  // The built-in theme's island modules as a project imports them (render/built-in-theme.ts resolves them for esbuild).
  resolve: {
    alias: [
      {
        find: /^site\/theme\/islands\/((?:[\w-]+\/)*[\w-]+)$/,
        replacement: fileURLToPath(new URL('./themes/default/islands/$1', import.meta.url)),
      },
    ],
  },
  test: {
    // Tests run `node bin/site.js`, which runs lib/ only: compiled first when it is missing or stale.
    globalSetup: ['tests/support/fresh-engine.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    // Two test files at a time, on the 2-core machines CI runs on (vitest's default there is one): the suite waits on
    // states, never on time, so it holds under the load, and the browser files' waits on Chromium overlap.
    maxWorkers: 2,
    server: {
      deps: {
        // The theme bundle (in the build cache, so under node_modules/ or a temporary folder) imports the engine's
        // generator/theme.ts: loaded by vitest like the tests' own imports, it gets the same instance of it.
        inline: [/[\\/]theme-[0-9a-f]{16}\.mjs$/],
      },
    },
    projects: [
      // A test file runs in a worker that ran others, with their modules loaded (isolate: false): the engine keeps no
      // state in its modules, and each file's imports cost the suites about a minute of their two cores. The
      // components' tests mock modules and stub globals (fetch, location, timers), so each of them starts anew.
      { extends: true, test: { name: 'engine', include: ENGINE, isolate: false } },
      { extends: true, test: { name: 'components', include: COMPONENTS } },
      // Whole sites built (the website and fixtures) and the engine packed and installed (npm run test:site).
      {
        extends: true,
        // React's production build has no jsxDEV: the tests' own TSX calls the runtime it has.
        oxc: { jsx: { development: false } },
        test: {
          name: 'site',
          include: ['tests/build/**/*.test.{ts,tsx}', 'tests/bin/**/*.test.{ts,tsx}'],
          exclude: ENGINE,
          isolate: false,
          // Sites are built as `site` builds them (bin/site.js): with React's production build, whose rendering the
          // development build's checks would slow two to three times. The engine's island tests keep the development
          // build, which testing-library's act() needs.
          env: { NODE_ENV: 'production' },
          // The theme API's types as the packed engine ships them (installable.test.ts), then the website.
          globalSetup: ['tests/support/fresh-types.ts', REAL_SITE],
        },
      },
      // Chromium against built sites (npm run test:browser).
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.{ts,tsx}'],
          isolate: false,
          globalSetup: [REAL_SITE],
        },
      },
    ],
  },
});
