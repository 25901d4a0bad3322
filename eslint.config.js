// Lint with zero warnings. @nx/enforce-module-boundaries keeps the architecture honest:
// a service never imports another service, a frontend never imports server code, and
// contracts import nothing of ours. Tags live in each package.json ("nx": { "tags" }).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.cache/**',
      '.nx/**',
      '**/*.cjs',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        fetch: 'readonly',
      },
    },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          // The CLIs of identity and search import the bus's transports (@manzil/bus) only for
          // their bus:* commands, dynamically, so migrate + seed does not load them; the rest of
          // those services imports the bus statically, as a lazy-loaded library it is not.
          checkDynamicDependenciesExceptions: ['@manzil/bus'],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra'] },
            { sourceTag: 'type:frontend', onlyDependOnLibsWithTags: ['type:contracts', 'type:ui'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts'] },
          ],
        },
      ],
    },
  },
  {
    // Routing comes from @manzil/ui/router, the one router the shell shares with the remotes
    // (a direct import bundles a second react-router, with its own context: see
    // frontends/ui/src/router.ts). Tests may use react-router's MemoryRouter.
    files: ['frontends/*/src/**/*.{ts,tsx}'],
    ignores: ['frontends/ui/src/router.ts', '**/*.spec.{ts,tsx}', '**/test-*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router', message: "Import routing from '@manzil/ui/router'." }] },
      ],
    },
  },
);
