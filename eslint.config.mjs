// The linter of `make check`: typescript-eslint's recommended rules, and no
// import cycle between files (import-x/no-cycle, type-only imports included;
// test/architecture/imports.test.ts checks the same and the layering).
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['dist/**', 'native-data/**', 'node_modules/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['./tsconfig.json', './tsconfig.playground-check.json'], noWarnOnMultipleProjects: true })] },
    rules: {
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false }],
      // A leading underscore names what a destructuring or a signature must take and the code does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read answers whose shape the assertions check: parsed JSON is `any` there.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
