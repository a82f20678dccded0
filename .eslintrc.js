/**
 * Lint for the client (src/), the server (server/src) and contracts/.
 * The import zones keep features apart (bulletproof-react): a feature never reaches into another
 * feature; lib/, ui/ and store/ never depend on features; client and server share only contracts/.
 */
const fs = require('fs')
const path = require('path')

const featuresDir = path.join(__dirname, 'src/features')
const features = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(path.join(featuresDir, f)).isDirectory()) : []

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2022, sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'react-hooks', 'import'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended'],
  settings: {
    'import/resolver': { typescript: { project: ['tsconfig.json', 'server/tsconfig.json'] } },
    // import/no-cycle follows imports into other files: it must parse them as TypeScript
    'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  },
  env: { es2022: true, browser: true, node: true },
  globals: { defineAppConfig: 'readonly', definePageConfig: 'readonly' },
  rules: {
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'warn',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    // no runtime import cycles (a cycle leaves a binding undefined at load time); `import type` is
    // erased at compile time and is not followed by the rule
    'import/no-cycle': ['error', { ignoreExternal: true }],
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          ...features.map((f) => ({
            target: `./src/features/${f}`,
            from: './src/features',
            except: [`./${f}`],
            message: 'A feature does not import another feature: compose them in a page, or move the shared part to lib/ or ui/.',
          })),
          { target: ['./src/lib', './src/ui', './src/store', './src/locales'], from: ['./src/features', './src/pages'], message: 'Shared code does not depend on features or pages.' },
          { target: './src', from: './server', message: 'The client shares only contracts/ with the server.' },
          { target: './server', from: './src', message: 'The server shares only contracts/ with the client.' },
          { target: './contracts', from: ['./src', './server'], message: 'contracts/ depends on nothing.' },
          { target: './server/src/routes', from: ['./server/src/db', './server/src/repositories'], message: 'A route calls a service; only services reach repositories (route → service(deps) → repository(tx)).' },
          { target: './server/src/domain', from: ['./server/src/db', './server/src/repositories', './server/src/services', './server/src/routes'], message: 'domain/ is pure rules: no database, no services.' },
          { target: './server/src/repositories', from: ['./server/src/services', './server/src/routes'], message: 'A repository is SQL only: it does not call services or routes.' },
        ],
      },
    ],
  },
  overrides: [
    { files: ['*.js'], rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-var-requires': 'off' } },
  ],
  ignorePatterns: ['dist/', 'node_modules/', 'server/src/db/migrations/', '*.config.ts'],
}
