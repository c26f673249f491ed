// Lint rules, and the architecture's boundaries (DESIGN §6) as import restrictions, so the
// layering holds without anyone remembering it.
import js from '@eslint/js';
import { builtinModules } from 'node:module';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeModules = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const layer = (name) => [`**/${name}`, `**/${name}/**`, `../${name}`, `../${name}/*`];

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', '.tools/**', 'dist/**', 'ui/dist/**', 'cli/dist/**', 'agents/dist/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.mjs', 'eslint.config.js'], languageOptions: { globals: { process: 'readonly' } } },
  // The service worker (issue 40 item 2): plain JavaScript in its own global scope.
  { files: ['ui/public/sw.js'], languageOptions: { globals: { self: 'readonly', URL: 'readonly' } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeModules,
          patterns: [
            { group: ['@temporalio/*', 'pg', 'express', 'pino'], message: 'domain/ is pure: zod only, no I/O.' },
            {
              group: [
                ...layer('db'),
                ...layer('api'),
                ...layer('activities'),
                ...layer('workflows'),
                ...layer('runtime'),
                ...layer('cli'),
                ...layer('ui'),
                ...layer('scripts'),
              ],
              message: 'domain/ imports nothing outside domain/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: nodeModules.map((name) => ({ name, message: 'Workflow code is deterministic: no Node modules.' })),
          patterns: [
            {
              group: ['@temporalio/*', '!@temporalio/workflow', '!@temporalio/common'],
              message: 'Workflows import only @temporalio/workflow.',
            },
            { group: ['pg', 'express', 'pino', 'pino-http'], message: 'Workflows do no I/O.' },
            {
              group: [...layer('db'), ...layer('api'), ...layer('runtime'), ...layer('cli'), ...layer('ui'), ...layer('scripts')],
              message: 'Workflows import only domain/ and activity types.',
            },
            {
              group: layer('activities'),
              allowTypeImports: true,
              message: 'Workflows import activity types only; call them through proxyActivities.',
            },
            // The SDK evaluates the workflow bundle afresh for every workflow; zod there costs each one milliseconds.
            {
              group: ['zod', '**/*-schema'],
              allowTypeImports: true,
              message: 'The workflow bundle stays zod-free: import schema types only.',
            },
          ],
        },
      ],
    },
  },
  // Hooks called in order, effects that name what they read. The plugin's React Compiler rules
  // (purity, refs, immutability) are for compiled components; the web UI is not compiled.
  {
    files: ['ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // FR-63: every user-visible string comes from the catalogue; a literal in JSX fails the build.
    files: ['ui/src/**/*.tsx'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
  {
    files: ['ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeModules,
          // ui/src/http/ is the UI's own HTTP layer (typed calls over domain/routes/); the server's api/ stays out of reach.
          patterns: [
            {
              group: [
                ...layer('api'),
                ...layer('db'),
                ...layer('activities'),
                ...layer('workflows'),
                ...layer('runtime'),
                ...layer('scripts'),
              ],
              message: 'ui/ talks HTTP; it shares only domain/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 43 item 5: the framework package talks HTTP through client/ like the CLI; it shares only domain/ and client/.
    files: ['agents/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...layer('api'),
                ...layer('db'),
                ...layer('activities'),
                ...layer('workflows'),
                ...layer('runtime'),
                ...layer('cli'),
                ...layer('ui'),
                ...layer('scripts'),
              ],
              message: 'agents/ talks HTTP through client/; it shares only domain/ and client/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: layer('activities'), message: 'api/ never imports activities/: it talks to workflows through Temporal.' }] },
      ],
    },
  },
  {
    files: ['db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...layer('api'), ...layer('activities'), ...layer('workflows'), ...layer('cli'), ...layer('ui')],
              message: 'db/ is the read model and the substrate: it imports domain/ and runtime/ only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['activities/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...layer('api'), ...layer('cli'), ...layer('ui')],
              message: 'activities/ never import api/: side effects reach the database and Temporal, not the HTTP layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['notifier/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...layer('api'), ...layer('workflows'), ...layer('cli'), ...layer('ui')],
              message: 'notifier/ reads the outbox and hands events to channels: no HTTP layer, no workflow code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 42: rules/ evaluates Cedar in-process for the API's filing and the bench alike: domain/ only.
    files: ['rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...layer('api'), ...layer('activities'), ...layer('workflows'), ...layer('cli'), ...layer('ui'), ...layer('db')],
              message: 'rules/ is the Cedar engine: it imports domain/ only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['answer-links/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...layer('api'), ...layer('activities'), ...layer('workflows'), ...layer('cli'), ...layer('ui')],
              message: 'answer-links/ mints and verifies links for every channel: it imports domain/, db/ and runtime/ only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['slack/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...layer('api'),
                ...layer('activities'),
                ...layer('workflows'),
                ...layer('notifier'),
                ...layer('cli'),
                ...layer('ui'),
              ],
              message:
                'slack/ speaks Slack (the Web API, Block Kit, request signatures) for the notifier and the API alike: domain/, db/ and runtime/ only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeModules,
          patterns: [
            {
              group: ['@temporalio/*', 'pg', 'express', 'pino', 'pino-http', 'react'],
              message: 'client/ is fetch and domain/ schemas: it runs in the browser and on agent hosts.',
            },
            {
              group: [
                ...layer('api'),
                ...layer('db'),
                ...layer('activities'),
                ...layer('workflows'),
                ...layer('runtime'),
                ...layer('cli'),
                ...layer('ui'),
                ...layer('scripts'),
              ],
              message: 'client/ shares only domain/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@temporalio/*', 'pg', 'express', 'pino', 'pino-http'], message: 'cli/ talks HTTP only.' },
            {
              group: [...layer('api'), ...layer('db'), ...layer('activities'), ...layer('workflows'), ...layer('runtime'), ...layer('ui')],
              message: 'cli/ talks HTTP and shares only domain/ schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    // A test passes on a busy machine: it asserts what happened, never how fast the clock said it
    // happened. Timings are `npm run bench`'s (docs/testing.md).
    files: ['test/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^toBeLessThan/] > MemberExpression > CallExpression[callee.name='expect'] CallExpression[callee.property.name='now'][callee.object.name=/^(Date|performance)$/]",
          message: 'No wall-clock budget in a test: assert the behaviour (what came back, what changed); measure speed in npm run bench.',
        },
      ],
    },
  },
);
