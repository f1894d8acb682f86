import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const vscodeFreeLayers = ['src/api/**', 'src/sandbox/**', 'src/domain/**', 'src/shared/**', 'src/webview/**'];

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
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'This layer must stay free of the vscode API (pure core, thin shell).' }] },
      ],
    },
  },
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
