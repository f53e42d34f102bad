// Lint, including the one-way layering of DEVELOPERS.md: app -> worker -> core, cli -> core.
// core imports nothing from app, worker or cli, and neither React nor Node's modules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const layer = (forbidden, extra = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...forbidden.map((dir) => ({
          group: [`**/${dir}/**`, `**/${dir}`],
          message: `This layer must not import from src/${dir} (one-way layering: app -> worker -> core, cli -> core).`,
        })),
        ...extra,
      ],
    },
  ],
});

const nodeBuiltins = {
  group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads', 'url', 'module', 'process'],
  message: 'src/core runs in a Web Worker too: no Node modules here (inject what you need).',
};
const uiLibs = { group: ['react', 'react-dom', 'react-dom/*', 'zustand'], message: 'src/core has no UI.' };

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', '.tmp-*/**', '.scratch/**', 'playwright-report/**', 'node_modules/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  { files: ['src/core/**'], rules: layer(['app', 'worker', 'cli', 'service', 'sw', 'server'], [nodeBuiltins, uiLibs]) },
  // The service core sits between core and its adapters: core <- service <- {sw, server}.
  { files: ['src/service/**'], rules: layer(['app', 'worker', 'cli', 'sw', 'server'], [nodeBuiltins, uiLibs]) },
  { files: ['src/sw/**'], ignores: ['src/sw/vite-plugin.ts'], rules: layer(['app', 'cli', 'server']) },
  { files: ['src/server/**'], rules: layer(['app', 'worker', 'sw']) },
  { files: ['src/worker/**'], rules: layer(['app', 'cli']) },
  { files: ['src/cli/**'], rules: layer(['app', 'worker']) },
  { files: ['src/app/**'], rules: layer(['cli']) },
);
