// Lint, including the process boundaries of ../shared/guide/architecture.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18n from './eslint-rules/i18n.js';

const NODE_BUILTINS = ['fs', 'path', 'os', 'http', 'https', 'crypto', 'child_process', 'net', 'url', 'util', 'stream'];
/** The renderer and the shell, where every word is the catalogues' (issue #18). */
const I18N_CHECKED = ['renderer/**/*.{ts,tsx}', 'electron/main/*.ts'];
const restrict = (names, patterns, message) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: names.map((name) => ({ name, message })),
      patterns: patterns.map((group) => ({ group: [group], message })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['shared/**/*.ts'],
    rules: restrict(
      [...NODE_BUILTINS, 'electron', 'react'],
      ['node:*', '**/electron/**', '**/renderer/**', '**/server/**'],
      'shared/ is used by main and renderer alike: no Node, no DOM libraries, nothing from electron/, renderer/ or server/.',
    ),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Shopdesk does not run the React Compiler; this rule only reports what the compiler would skip.
      'react-hooks/incompatible-library': 'off',
      ...restrict(
        [...NODE_BUILTINS, 'electron'],
        ['node:*', '**/electron/**', '**/server/**'],
        'The renderer talks to main only through window.shopdesk (renderer/src/bridge.ts).',
      ),
    },
  },
  {
    // Issue #18: what staff read comes from the catalogues (eslint-rules/i18n.js)
    files: I18N_CHECKED,
    plugins: { shopdesk: i18n },
    rules: { 'shopdesk/no-literal-text': 'error' },
  },
  {
    files: ['electron/main/core/**/*.ts', 'electron/web/**/*.ts'],
    rules: restrict(
      ['electron', 'electron-store'],
      ['**/renderer/**', '**/main/index', '**/main/ipc', '**/main/vault', '**/main/window-options'],
      'The core and the browser host run under plain Node: no electron, no shell modules.',
    ),
  },
  {
    // The rooms below the features (#28.2): the service client and storage serve every feature and know none of them,
    // so a feature's change never reaches into them and no import runs from a lower room up to a higher one.
    files: ['electron/main/core/http/**/*.ts', 'electron/main/core/storage/**/*.ts'],
    rules: restrict(
      ['electron', 'electron-store'],
      [
        '**/renderer/**',
        '**/main/index',
        '**/main/ipc',
        '**/main/vault',
        '**/main/window-options',
        '**/core/catalogue/**',
        '**/core/orders/**',
        '**/core/outbox/**',
        '**/core/drafts/**',
        '../catalogue/**',
        '../orders/**',
        '../outbox/**',
        '../drafts/**',
      ],
      'The core runs under plain Node (no electron, no shell modules); http/ and storage/ serve every feature and import none.',
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict(['electron'], ['**/electron/**', '**/renderer/**'], 'The reference service stands alone.'),
  },
  {
    // #28.3: screens made of hooks and parts, files by responsibility — no function over 150 lines and no file over 400
    // in what ships or runs it (tests and benches aside; messages.ts is written by npm run i18n)
    files: ['electron/**/*.{ts,tsx}', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['shared/i18n/messages.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150 }],
      'max-lines': ['error', { max: 400 }],
    },
  },
);
