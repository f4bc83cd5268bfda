import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Module boundaries (docs/decisions/0005-module-boundaries.md). `target` is the importing
// folder, `from` what it may not import.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const ourFolders = ['./contract', './server', './src', './sw', './tests', './e2e', './bench'];
const boundaryZones = [
  {
    target: './contract',
    from: ourFolders.filter((folder) => folder !== './contract'),
    message: 'contract/ is the shared ground: it imports nothing of ours.',
  },
  {
    target: './server',
    from: ['./src', './sw'],
    message: 'The server never imports the client: move shared code to contract/.',
  },
  {
    target: './sw',
    from: './src',
    except: ['./sync', './db'],
    message: 'The service worker uses src/sync, src/db and contract/ only.',
  },
  {
    target: './sw',
    from: './server',
    message: 'The service worker never imports the server.',
  },
  {
    target: './src',
    from: ['./server', './sw'],
    message: 'The app never imports the server or the service worker.',
  },
  ...['db', 'sync', 'api', 'ui', 'lib'].map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/features', './src/routes'],
    message: `src/${layer} sits below features and routes: it never imports them.`,
  })),
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move the shared piece to src/lib, src/ui, src/db, src/sync or contract/.',
  })),
  {
    target: './src/features',
    from: './src/routes',
    message: 'Routes import features, not the other way round.',
  },
  // Server layers: routes (HTTP) → domain (rules and SQL of one entity) → db.
  {
    target: './server/routes',
    from: './server/db',
    message:
      'server/routes is HTTP only: call a server/domain function (export row types from there too).',
  },
  {
    target: './server/domain',
    from: ['./server/routes', './server/ssr'],
    message: 'server/domain sits below routes and pages: it never imports them.',
  },
  {
    target: './server/domain',
    from: './server/http',
    except: ['./errors.ts'],
    message: 'server/domain does not handle requests: only http/errors (ApiError) may be used.',
  },
  {
    target: './server/sync',
    from: ['./server/routes', './server/ssr'],
    message: 'The sync engine sits below routes and pages: it never imports them.',
  },
  {
    target: './server/ssr',
    from: ['./server/routes', './server/db'],
    message: 'server/ssr reads through server/domain: it never imports routes or db.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'src/routeTree.gen.ts',
      'src/locales',
      'test-results',
      '.tmp',
      'playwright-report',
      'scripts/**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'User content is rendered as text.',
        },
      ],
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
