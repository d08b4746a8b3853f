import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    server: {
      deps: {
        // The theme bundle (in the build cache, so under node_modules/ or a temporary folder) imports the engine's
        // generator/theme.ts: loaded by vitest like the tests' own imports, it gets the same instance of it.
        inline: [/[\\/]theme-[0-9a-f]{16}\.mjs$/],
      },
    },
  },
});
