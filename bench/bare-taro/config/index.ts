/**
 * The reference of `npm run bench`: Taro 4 + React with one page and nothing else, built by the same
 * Taro, webpack and babel as the app (the repository's node_modules) so the H5 first-load ratio
 * compares our code, not two toolchains. Output: dist/bench-bare/h5 (outside this folder, beside
 * the app's builds, gitignored with them).
 */
import path from 'path'
import { defineConfig } from '@tarojs/cli'
import CompressionPlugin from 'compression-webpack-plugin'
// plain CommonJS shared with the app's build: the page → files map `npm run size:h5` reads
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PageChunkMap } = require('../../../config/taro-plugins/h5-lean/page-chunk-map') as typeof import('../../../config/taro-plugins/h5-lean/page-chunk-map')

export default defineConfig<'webpack5'>({
  projectName: 'bare-taro',
  date: '2026-11-22',
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
  sourceRoot: 'src',
  outputRoot: path.resolve(__dirname, '../../../dist/bench-bare', process.env.TARO_ENV ?? 'h5'),
  plugins: [],
  framework: 'react',
  compiler: 'webpack5',
  cache: { enable: false },
  h5: {
    publicPath: '/',
    staticDirectory: 'static',
    router: { mode: 'browser' },
    output: { filename: 'js/[name].[contenthash:8].js', chunkFilename: 'js/[name].[contenthash:8].js' },
    miniCssExtractPluginOption: { ignoreOrder: true, filename: 'css/[name].[contenthash:8].css', chunkFilename: 'css/[name].[contenthash:8].css' },
    // the app's precompressed copies (config/index.ts), so both are served alike
    webpackChain(chain) {
      const compressible = /\.(js|css|html|svg|json)$/
      chain.plugin('brotli').use(CompressionPlugin, [{ test: compressible, algorithm: 'brotliCompress', filename: '[path][base].br' }])
      chain.plugin('gzip').use(CompressionPlugin, [{ test: compressible, algorithm: 'gzip', compressionOptions: { level: 9 }, filename: '[path][base].gz' }])
      chain.plugin('page-chunk-map').use(PageChunkMap, [path.resolve(__dirname, '../../../dist/bench-bare/h5-pages.json')])
    },
  },
})
