// ESLint: typescript-eslint's recommended type-checked rules over the build, the tests and the explorer's client code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // tests/netlify/ holds the emulator's code and packages, installed and type-checked by npm run test:netlify alone.
  { ignores: ['node_modules/', 'public/', '.public-*/', 'build/types/*.d.ts', 'tests/netlify/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A leading underscore names what is left out on purpose (an unused parameter, a dropped field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Commands, checks and test callbacks implement async interfaces; some of them need no await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read published JSON documents as they are (untyped) and assert on them: the unsafe-any rules would only
    // ask for casts that check nothing. The build itself keeps every rule.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['eslint.config.js', 'build/cli/run-typescript.mjs'], ...tseslint.configs.disableTypeChecked },
);
