import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const panelsDir = path.join(import.meta.dirname, 'src/renderer/panels');
/** The panel folder a file is in (`songs`, `shared`), or null outside src/renderer/panels/<folder>/. */
const panelOf = (file) => {
  const rel = path.relative(panelsDir, file);
  const parts = rel.split(path.sep);
  return rel.startsWith('..') || path.isAbsolute(rel) || parts.length < 2 ? null : parts[0];
};

/**
 * Panels never import each other (a folder-level cycle test cannot see two sibling panels): what
 * two panels share moves down, into panels/shared/, components/ or the stores.
 */
const noCrossPanelImports = {
  meta: {
    type: 'problem',
    messages: {
      crossPanel:
        'The {{from}} panel imports from the {{to}} panel: panels never import each other; move what they share into panels/shared/ (or lower).',
    },
    schema: [],
  },
  create(context) {
    const from = panelOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = panelOf(path.resolve(path.dirname(context.filename), source));
      if (to && to !== from && to !== 'shared')
        context.report({ node, messageId: 'crossPanel', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

const noElectron = {
  paths: [
    {
      name: 'electron',
      message: 'services/ and shared/ are plain Node: Electron belongs in src/main/shell.',
    },
  ],
  patterns: [
    {
      group: ['**/shell/**', '**/shell'],
      message: 'services/ and shared/ must not depend on the shell.',
    },
  ],
};

const cliCommandMessage =
  'A CLI command does not import another command: move what both need to src/cli/support.ts.';

/** The renderer reaches i18next only through renderer/i18n (its own chunk, off the first screen). */
const i18nImports = ['i18next', 'react-i18next'].map((name) => ({
  name,
  message:
    'Use useTranslation, Trans and t from renderer/i18n (i18next loads in its own chunk, so the first-screen script stays small).',
}));

/** What the renderer may not import: main's code, Node, Electron. */
const rendererImports = {
  paths: [{ name: 'electron', message: 'The renderer is untrusted: use window.cadenza.' }],
  patterns: [
    {
      group: ['**/main/**', '**/preload/**', 'node:*'],
      message: 'The renderer reaches main only through window.cadenza.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'bench/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or explicitly voided; never handed to a
    // place that ignores it (an event handler, a setTimeout callback).
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.node.json', './tsconfig.preload.json', './tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['src/main/services/**/*.ts', 'src/shared/**/*.ts', 'src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noElectron] },
  },
  {
    // A CLI command never imports another (a folder-level check cannot see that): what two
    // commands share lives one floor below them, in src/cli/support.ts. A command with
    // subcommands is a folder whose files may import one another; commands/index.ts lists them all.
    files: ['src/cli/commands/*.ts'],
    ignores: ['src/cli/commands/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noElectron.paths,
          patterns: [...noElectron.patterns, { regex: '^\\.(/|$)', message: cliCommandMessage }],
        },
      ],
    },
  },
  {
    files: ['src/cli/commands/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noElectron.paths,
          patterns: [
            ...noElectron.patterns,
            { regex: '^\\.\\.(/(?!\\.\\.)|$)', message: cliCommandMessage },
          ],
        },
      ],
    },
  },
  {
    // One HTTP policy (services/http/policy.ts) for every request of main and the CLI: redirects,
    // the key's origin, timeouts, throughput, retries and the address guard live there only.
    files: ['src/main/**/*.ts', 'src/cli/**/*.ts'],
    ignores: ['src/main/services/http/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        ...['undici', 'node:http', 'node:https', 'http', 'https'].map((name) => ({
          name,
          message: 'Requests go through the HTTP policy in services/http/policy.ts.',
          allowTypeImports: true,
        })),
      ],
    },
  },
  {
    // Main, its services and the CLI reach the network only through the project's HTTP client
    // (services/api/transport), which applies one policy: timeouts, redirects, the key's origin.
    files: ['src/main/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'Use the HTTP client in services/api (one policy for all requests).',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'globalThis',
          property: 'fetch',
          message: 'Use the HTTP client in services/api.',
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/component/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [...rendererImports.paths, ...i18nImports],
          patterns: rendererImports.patterns,
        },
      ],
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'The renderer makes no network calls: all traffic goes through main.',
        },
        { name: 'XMLHttpRequest', message: 'The renderer makes no network calls.' },
        { name: 'WebSocket', message: 'The renderer makes no network calls.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'The renderer makes no network calls.' },
        {
          object: 'window',
          property: 'ipcRenderer',
          message: 'Raw IPC is not available in the renderer.',
        },
      ],
    },
  },
  {
    // The component tests' main (support/main.ts): the real core and IPC handlers, in process.
    // Test files reach it only through that module's `Main`.
    files: [
      'test/component/support/main.ts',
      'test/component/support/preload-electron.ts',
      'test/component/support/tagged-file.ts',
      'test/component/support/batch-files.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/renderer/panels/**/*.{ts,tsx}'],
    plugins: { cadenza: { rules: { 'no-cross-panel-imports': noCrossPanelImports } } },
    rules: { 'cadenza/no-cross-panel-imports': 'error' },
  },
  {
    // One player (DESIGN §5): everything that sounds goes through the player store and its engine
    // in src/renderer/player, so starting one thing stops the other and the bar shows it.
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/renderer/player/**', 'src/renderer/playback/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name=/^(audio|video)$/]',
          message: 'Play media through the player store (PlayButton, playSolo), not an element.',
        },
        {
          selector: 'NewExpression[callee.name=/^(Audio|Howl)$/]',
          message: 'Play media through the player store (src/renderer/player), not a new engine.',
        },
        {
          selector:
            "CallExpression[callee.property.name='createElement'][arguments.0.value=/^(audio|video)$/]",
          message: 'Play media through the player store (src/renderer/player).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer is untrusted: use window.cadenza.' },
            { name: 'howler', message: 'Only src/renderer/player plays media (the player store).' },
            ...i18nImports,
          ],
          patterns: [
            {
              group: ['**/main/**', '**/preload/**', 'node:*'],
              message: 'The renderer reaches main only through window.cadenza.',
            },
          ],
        },
      ],
    },
  },
  {
    // the one place that reaches i18next and react-i18next (type imports elsewhere are erased)
    files: ['src/renderer/i18n/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', rendererImports] },
  },
  {
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    ignores: ['src/main/shell/ipc.ts', 'src/preload/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='ipcMain']",
          message: 'Register IPC only through the contract in shell/ipc.ts.',
        },
        {
          selector: "MemberExpression[object.name='ipcRenderer']",
          message: 'Use IPC only through the contract in preload/index.ts.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
