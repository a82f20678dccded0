/**
 * Jest projects: 'client' (Taro + React, jsdom, test/) and 'server' (server/jest.config.js).
 *
 *   npx jest                          both projects
 *   npx jest --selectProjects client  client only
 *
 * The client project follows TOOLCHAIN.md "Jest with Taro":
 *  1. transformIgnorePatterns is an allow-list: Taro and the libraries it pulls in ship ESM and must
 *     be transpiled, everything else in node_modules (jest itself included) is left alone;
 *  2. .mjs is transformed (swiper, zustand's esm builds);
 *  3. test/setup.ts requires '@tarojs/taro' first, then registers the React native-component config;
 *  4. never call testUtils.html(): read document.body.innerHTML instead.
 */
const fs = require('fs')
const path = require('path')

/** node_modules packages that ship ESM (or JSX) and must go through babel */
const TRANSPILE = [
  // Taro's dist bundles vendored pnpm copies (taro-h5/dist/node_modules/.pnpm/style-inject@…)
  '.pnpm',
  '@tarojs',
  '@stencil',
  'taro-ui',
  'swiper',
  'ssr-window',
  'dom7',
  'tslib',
  'style-inject',
  'zustand',
  'weixin-js-sdk',
  'query-string',
  'decode-uri-component',
  'split-on-first',
  'filter-obj',
  'lodash-es',
  'classnames',
  'history',
  'resolve-pathname',
  'mobile-detect',
  'abortcontroller-polyfill',
  'jsonp-retry',
]
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

const client = {
  displayName: 'client',
  rootDir: __dirname,
  roots: ['<rootDir>/test'],
  testMatch: ['<rootDir>/test/**/*.test.[jt]s?(x)'],
  testEnvironment: 'jsdom',
  testEnvironmentOptions: {
    url: 'http://localhost/',
    // CommonJS builds of dual packages (zustand, react-dom); jsdom's default 'browser' picks ESM
    customExportConditions: ['node', 'node-addons'],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  setupFiles: ['<rootDir>/test/setup.ts'],
  moduleNameMapper: {
    '\\.(css|scss|sass|less|styl)$': 'identity-obj-proxy',
    '\\.(png|jpe?g|gif|svg|webp|ttf|woff2?)$': '<rootDir>/test/support/fileStub.js',
    // the H5 build aliases @tarojs/taro to the H5 API set (plus React hooks); so do the tests
    '^@tarojs/taro$': '<rootDir>/test/support/taro-h5.ts',
    '^@tarojs/components$': '@tarojs/components/lib/react/index',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@contracts/(.*)$': '<rootDir>/contracts/$1',
  },
  transform: {
    '^.+\\.(mjs|cjs|[jt]sx?)$': ['babel-jest', { configFile: path.join(__dirname, 'babel.config.js') }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${TRANSPILE.map(escape).join('|')})/)`],
  globals: {
    // Taro runtime feature flags the build normally defines (as @tarojs/test-utils-react does)
    ENABLE_INNER_HTML: true,
    ENABLE_ADJACENT_HTML: true,
    ENABLE_SIZE_APIS: true,
    DEPRECATED_ADAPTER_COMPONENT: false,
    ENABLE_TEMPLATE_CONTENT: true,
    ENABLE_MUTATION_OBSERVER: true,
    ENABLE_CLONE_NODE: true,
    ENABLE_CONTAINS: true,
    __TARO_FRAMEWORK__: 'react',
  },
  clearMocks: true,
}

const serverConfig = path.join(__dirname, 'server', 'jest.config.js')

module.exports = {
  // testTimeout is a global option: a project config's own testTimeout is ignored under `projects`
  // (Jest warns "Unknown option"), so the server's PGlite start-up needs it set here
  testTimeout: 30000,
  projects: [client, ...(fs.existsSync(serverConfig) ? ['<rootDir>/server/jest.config.js'] : [])],
}
