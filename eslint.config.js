// ESLint for the TypeScript sources, tests, benchmarks and scripts: typescript-eslint's type-aware
// strict rules, tuned to this codebase; layout is Prettier's alone (eslint-config-prettier comes last).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'docs/', 'test/golden/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter a signature requires but this implementation does not read.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'all',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'all',
          caughtErrorsIgnorePattern: '^_',
          // `const { id, ...rest } = row` is how a field is left out of a copy.
          ignoreRestSiblings: true,
        },
      ],
      // verbatimModuleSyntax: a type-only import says so, so that it is erased and nothing else is.
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // node:test's describe/it/test return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'suite', 'test'] }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // Counts, codes and positions are interpolated into messages and paths everywhere; other
      // non-strings (objects, undefined) stay errors.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Off because its findings here are false: noUncheckedIndexedAccess is off, so `list[i] ?? x`
      // reads as unnecessary; and decoded requests (contract/schema/decode.ts) are partial at run time — a
      // list item that failed to decode is undefined though DeepPartial types it as present — so the
      // rules' `item?.field` guards are needed.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // `return this.report(...)` is the decoder's idiom: report records the problem and returns
      // undefined, the failed field's value.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // An async function without await still turns a throw into a rejection, which is what callers of
      // a Promise-returning interface (Kysely's providers, the ports, the test doubles) expect.
      '@typescript-eslint/require-await': 'off',
      // `[...text]` splits text into code points on purpose: the spec's lengths, the barcode tables and
      // the fonts all count code points, not grapheme clusters.
      '@typescript-eslint/no-misused-spread': 'off',
    },
  },
  {
    // Migrations are written against `Kysely<any>`, as Kysely's documentation asks: a migration must
    // keep working when the schema types of later versions change.
    files: ['src/store/migrations/**', 'src/store/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['test/**'],
    rules: {
      // Tests read JSON and XML answers as untyped values: the assertions are their type check.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // A test that reaches for a value that is not there fails, which is what it should do.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // The request fixtures remove a field by its path, which is a computed key.
      '@typescript-eslint/no-dynamic-delete': 'off',
      // Tests read database values through Number() so that one assertion holds on SQLite and PostgreSQL
      // whatever the driver returns, rather than trusting the schema types they are testing.
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
    },
  },
  {
    // Plain JavaScript entry points (bin/, scripts/*.mjs, this file) are outside the TypeScript project.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
