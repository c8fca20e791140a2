// The rules that keep the code's shape (https://eslint.org/docs/latest/use/configure/).
// `npm run lint` runs this and knip (unused files, exports and dependencies; knip.jsonc), and
// `npm test` runs lint first.
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import eslintConfigPrettier from 'eslint-config-prettier/flat'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'

/** What runs in the browser (and is rendered on the server) may not reach server-only code. */
const browserSide = ['pages/**', 'components/**', 'renderer/**', 'stores/**', 'lib/**', 'domain/**']
/** What runs only on the server may not reach the browser's components, pages or stores. */
const serverSide = ['server.ts', 'server/**', 'data/**']

const serverOnly = {
  group: ['**/*.server', '**/*.server.ts', '**/server/**', '**/data/**', 'node:*'],
  message:
    'Server-only code (*.server.ts, server/, data/, node: modules) never ' +
    'goes into the browser bundle: pass what a page needs through its +data ' +
    'hook.',
}
const browserOnly = {
  group: ['**/components/**', '**/pages/**', '**/stores/**', '**/renderer/**'],
  message: 'The server does not import the browser side: shared facts and rules live in domain/.',
}
const noTests = {
  group: ['**/test/**'],
  message: 'Only tests import test/: what bench/, scripts/ and tests share lives in support/.',
}
const noBench = {
  group: ['**/bench/**'],
  message: 'bench/ holds the benchmarks alone: what they share with tests and scripts lives in support/.',
}
const domainOutward = {
  group: ['**/components/**', '**/pages/**', '**/stores/**', '**/renderer/**', '**/lib/**'],
  message: 'domain/ holds the shop’s facts and rules and imports none of the layers that use them.',
}

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'public/**', 'coverage/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  reactHooks.configs.flat.recommended,
  {
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // An import cycle makes module start-up order matter and hides which module owns what.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-duplicates': 'error',
      // Checked by TypeScript already, and slow on every import.
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // `import { type X }` alone still loads its module (verbatimModuleSyntax): a browser bundle would
      // carry it, and everything it imports, for a type.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Vike's types are extended through its global namespace (https://vike.dev/pageContext#typescript).
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
  {
    files: browserSide,
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnly] }] },
  },
  {
    files: ['domain/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnly, domainOutward] }] },
  },
  {
    files: serverSide,
    rules: { 'no-restricted-imports': ['error', { patterns: [browserOnly] }] },
  },
  {
    files: ['support/**', 'scripts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noTests, noBench] }] },
  },
  {
    files: ['bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noTests] }] },
  },
  {
    files: ['test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noBench] }] },
  },
  // Last: off with the rules the formatter decides (Prettier, checked by `npm run lint`).
  eslintConfigPrettier,
)
