// Server tests: `npx jest -c server/jest.config.js` from the repo root (or via the root config's
// `projects`). Babel is configured inline (configFile/babelrc false) so the root babel.config.js,
// which is Taro's preset for the client, is not applied to server code.
const path = require('node:path')

const babel = {
  configFile: false,
  babelrc: false,
  // 'unambiguous': pglite's .cjs files are scripts, our .ts files are modules
  sourceType: 'unambiguous',
  presets: [['@babel/preset-env', { targets: { node: 'current' }, modules: 'commonjs' }], '@babel/preset-typescript'],
}

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  roots: ['<rootDir>/test'],
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts'],
  moduleFileExtensions: ['ts', 'js', 'cjs', 'mjs', 'json'],
  moduleNameMapper: { '^@contracts/(.*)$': '<rootDir>/../contracts/$1' },
  transform: { '\\.[cm]?[jt]sx?$': ['babel-jest', babel] },
  // node_modules run as published, except two that jest's vm cannot load as they are (it lacks
  // Node's require(esm) and, without --experimental-vm-modules, dynamic import()):
  // - @electric-sql/pglite: its CommonJS build loads node built-ins with `import()`;
  // - cookie 2 (used by light-my-request, i.e. app.inject): ESM only;
  // - @noble/hashes and @scure/base (under otplib, the staff authenticator codes): ESM only.
  // babel's CommonJS transform fixes them
  transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|cookie|@noble/hashes|@scure/base)/)'],
  globalSetup: path.join(__dirname, 'test/global-setup.ts'),
  // PGlite start + seed takes seconds: the timeout is raised in a setup file, because a project's
  // own `testTimeout` is ignored when this config runs under the root config's `projects`
  setupFilesAfterEnv: [path.join(__dirname, 'test/setup-timeout.ts')],
}
