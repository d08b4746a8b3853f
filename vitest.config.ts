import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
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
  },
});
