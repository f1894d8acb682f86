import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const vscodeFreeLayers = ['src/api/**', 'src/sandbox/**', 'src/domain/**', 'src/shared/**', 'src/webview/**', 'src/agents/**', 'src/mcp/**', 'src/notebook/**', 'src/scrub/**', 'src/cli/**'];

// Imports point down only: api/sandbox < domain/shared < agents < shell < extension.ts, and
// agents < mcp (the MCP server's own process, beside the shell). Matched on the import path's
// folder names, which are unique to their layer.
const noVscode = { name: 'vscode', message: 'This layer must stay free of the vscode API (pure core, thin shell).' };
const shellFolders = 'services|extension|extensionApi|constants|commands|connection|jsonDocuments|l10n|lm|lookup|panels|storage|ui|views';
const layerRules = [
  {
    files: ['src/api/**', 'src/sandbox/**'],
    above: `domain|shared|webview|agents|mcp|${shellFolders}`,
    message: 'src/api and src/sandbox are the bottom layer: move what both need down here instead.',
  },
  {
    files: ['src/domain/**', 'src/shared/**'],
    above: `webview|agents|mcp|${shellFolders}`,
    message: 'src/domain and src/shared sit below the shell: move the shared type or helper down instead.',
  },
  {
    files: ['src/agents/**'],
    above: `webview|mcp|${shellFolders}`,
    message: 'The agent tool catalogue sits below the shell and the MCP server: it is pure, both adapt it.',
  },
  {
    files: ['src/mcp/**'],
    above: `webview|${shellFolders}`,
    message: 'The MCP server runs in its own process: it uses the catalogue and the client, never the VS Code shell.',
  },
  { files: ['src/webview/**'], above: `agents|mcp|${shellFolders}`, message: 'Webviews talk to the host only through the protocols in src/shared.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', '.vscode-test/**', 'node_modules/**', 'test-results/**', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports only.' },
      ],
    },
  },
  {
    files: vscodeFreeLayers,
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode] }] },
  },
  ...layerRules.map(({ files, above, message }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noVscode], patterns: [{ regex: `^\\.{1,2}/(\\.\\./)*(${above})(/|$)`, message }] },
      ],
    },
  })),
  {
    files: ['src/webview/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Render API data as text (textContent / DOM nodes), never as HTML.' },
        { property: 'outerHTML', message: 'Render API data as text (textContent / DOM nodes), never as HTML.' },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
);
