/**
 * Lint for the client (src/), the server (server/src), the organisers' console (console/src) and contracts/.
 * The import zones keep features apart (bulletproof-react): a feature never reaches into another
 * feature; lib/, ui/ and store/ never depend on features; client and server share only contracts/.
 * The server's domains and kernel have zones of their own, generated in server/eslint-zones.js.
 */
const fs = require('fs')
const path = require('path')

const { serverZones, KERNEL_CROSSINGS } = require('./server/eslint-zones')

const featuresDir = path.join(__dirname, 'src/features')
const features = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(path.join(featuresDir, f)).isDirectory()) : []

const clientZones = [
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature does not import another feature: compose them in a page, or move the shared part to lib/ or ui/.',
  })),
  {
    target: ['./src/lib', './src/ui', './src/store', './src/locales'],
    from: ['./src/features', './src/pages'],
    message: 'Shared code does not depend on features or pages.',
  },
  { target: './src', from: './server', message: 'The client shares only contracts/ with the server.' },
  { target: './server', from: './src', message: 'The server shares only contracts/ with the client.' },
  { target: './contracts', from: ['./src', './server', './console'], message: 'contracts/ depends on nothing.' },
  // the organisers' console is a client of its own: it shares only contracts/ with the server and nothing with the attendee app
  { target: './console', from: ['./src', './server'], message: 'The console shares only contracts/ with the server and the attendee app.' },
  { target: ['./src', './server'], from: './console', message: 'Nothing imports the console: it is a client of its own.' },
]

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2022, sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'react-hooks', 'import'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended'],
  settings: {
    'import/resolver': { typescript: { project: ['tsconfig.json', 'server/tsconfig.json', 'console/tsconfig.json'] } },
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
        zones: [...clientZones, ...serverZones()],
      },
    ],
  },
  overrides: [
    { files: ['*.js'], rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-var-requires': 'off' } },
    // the two kernel files that need the auth domain (server/eslint-zones.js KERNEL_CROSSINGS)
    { files: KERNEL_CROSSINGS, rules: { 'import/no-restricted-paths': ['error', { zones: [...clientZones, ...serverZones({ kernelCrossing: true })] }] } },
  ],
  ignorePatterns: ['dist/', 'node_modules/', 'server/src/kernel/db/migrations/', '*.config.ts', '*.config.mts'],
}
