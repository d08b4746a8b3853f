// @ts-check
/**
 * Lint (npm run lint): typescript-eslint's type-aware recommended rules, and the checks the compiler does not make:
 * promises nobody waits for and switches on a union that miss a case.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Dot files at the root are people's scratch files, not the project's.
  // docs-site/ holds what npm run docs:site copies and builds, nothing written by hand but its site.yml and 404.md.
  { ignores: ['lib/', 'dist/', 'node_modules/', 'coverage/', '**/*.d.ts', '.*', 'docs-site/'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // React's act() returns a thenable that a synchronous callback need not await.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: 'act', package: 'react' },
            { from: 'package', name: 'act', package: '@testing-library/react' },
          ],
        },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Rethrowing what a catch received, whatever it is, is fine.
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true }],
      // A variable a closure reads before its one assignment cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Left out: they flag untyped data at its boundary (JSON, YAML, the site's remark plugins), which the code
      // validates with zod or narrows by hand; and assertions or async functions that are merely redundant.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Tests rethrow whatever a build rejected with, to fail with it as it was.
  { files: ['tests/**'], rules: { '@typescript-eslint/only-throw-error': 'off' } },
  // Example projects type-check against the installed engine, not this repository's tsconfig.
  { files: ['examples/**'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
