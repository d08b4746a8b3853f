import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The engine's tests (npm run test:engine, in npm test): modules, the theme's components, islands in jsdom, the CLI. */
const ENGINE = [
  'tests/generator/**/*.test.{ts,tsx}',
  'tests/templates/**/*.test.{ts,tsx}',
  'tests/islands/**/*.test.{ts,tsx}',
  'tests/bin/cli.test.ts',
];

/**
 * The browser suite's four long sweeps (every route, at many widths), started first. Without a record of earlier runs
 * (a fresh clone, as CI is) vitest starts the largest files first, and the longest sweep, a small file, started sixth
 * and ran on alone at the end.
 */
const LONGEST_FIRST = ['layout', 'visitor', 'a11y', 'islands'].map((name) => `tests/browser/${name}.test.ts`);

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    // Within each project, in vitest's order of projects; sort is stable, so every other file keeps vitest's order.
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of await super.sort(files))
      byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    return [...byProject.values()].flatMap((group) => group.sort((a, b) => rank(a) - rank(b)));
  }
}

export default defineConfig({
  test: {
    // Tests run `node bin/site.js`, which runs lib/ only: compiled first when it is missing or stale.
    globalSetup: ['tests/support/fresh-engine.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at a time, on the 2-core machines CI runs on (vitest's default there is one): the suite waits on
    // states, never on time, so it holds under the load, and the browser files' waits on Chromium overlap.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
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
        test: {
          name: 'site',
          include: ['tests/build/**/*.test.{ts,tsx}', 'tests/bin/**/*.test.{ts,tsx}'],
          exclude: ENGINE,
        },
      },
      // Chromium against built sites (npm run test:browser).
      { extends: true, test: { name: 'browser', include: ['tests/browser/**/*.test.{ts,tsx}'] } },
    ],
  },
});
