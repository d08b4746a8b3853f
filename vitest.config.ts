import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The engine's tests (npm run test:engine, in npm test): modules, the theme's components, islands in jsdom, the CLI. */
const ENGINE = [
  'tests/generator/**/*.test.{ts,tsx}',
  'tests/templates/**/*.test.{ts,tsx}',
  'tests/islands/**/*.test.{ts,tsx}',
  'tests/bin/cli.test.ts',
];

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
      { extends: true, test: { name: 'engine', include: ENGINE } },
      // Whole sites built (the website and fixtures) and the engine packed and installed (npm run test:site).
      {
        extends: true,
        // React's production build has no jsxDEV: the tests' own TSX calls the runtime it has.
        oxc: { jsx: { development: false } },
        test: {
          name: 'site',
          include: ['tests/build/**/*.test.{ts,tsx}', 'tests/bin/**/*.test.{ts,tsx}'],
          exclude: ENGINE,
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
        test: { name: 'browser', include: ['tests/browser/**/*.test.{ts,tsx}'], globalSetup: [REAL_SITE] },
      },
    ],
  },
});
