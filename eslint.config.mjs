// Lint of the TypeScript sources, run by `npm test` (issue 23). Few rules, each for a mistake the
// compiler does not catch: a switch over a union that misses a case, imports out of order, and
// generated code built outside the safe builder. Type-aware: the switch rule reads TypeScript's types.
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'build/',
      '**/dist/',
      '**/out/',
      'node_modules/',
      '**/golden/',
      'templates/',
      'test/fixtures/',
      'editors/',
      '.vitest-tmp/',
      '**/*.mjs',
      '**/*.cjs',
      '**/*.js',
    ],
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'simple-import-sort': simpleImportSort },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      'simple-import-sort/imports': 'error',
    },
  },
  {
    // The code builder (compiler/emit/code.ts) is the one place that constructs Code; its constructor
    // also asks for a key only that module holds, so this rule names the mistake before tsc does.
    files: ['compiler/emit/**/*.ts', 'compiler/analysis/**/*.ts', 'test/unit/compiler/emit/**/*.ts'],
    ignores: ['compiler/emit/code.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Code'], NewExpression[callee.name='Name']",
          message:
            'Code is made by compiler/emit/code.ts only: js``, lit(), identifier(), importCode(), comment() or unsafeCode().',
        },
      ],
    },
  },
)
