/**
 * What Taro's own H5 loader (@tarojs/taro-loader/lib/h5, as installed) writes for this app's entry
 * and pages: the source the route table patch rewrites and whose `import()`s the page map and the
 * entry pages' shared chunk rely on.
 */
import fs from 'fs'
import path from 'path'
import ts from 'typescript'
import { appPages, h5CustomRoutes } from '@/lib/router/routes'

/**
 * Taro's helper reads a page's config file with esbuild, which does not run under jsdom: the same
 * here with TypeScript (the app's page configs are `definePageConfig({ … })` and nothing else).
 */
jest.mock('@tarojs/helper', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nodeFs = require('fs') as typeof fs
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const typescript = require('typescript') as typeof ts
  const readConfig = (file: string) => {
    const js = typescript.transpileModule(nodeFs.readFileSync(file, 'utf8'), { compilerOptions: { module: typescript.ModuleKind.CommonJS } }).outputText
    const m = { exports: {} as { default?: unknown } }
    new Function('module', 'exports', 'definePageConfig', js)(m, m.exports, (c: unknown) => c)
    return m.exports.default
  }
  return { readConfig, fs: nodeFs }
})

// eslint-disable-next-line @typescript-eslint/no-require-imports
const taroH5Loader = (require('@tarojs/taro-loader/lib/h5') as { default: (this: unknown) => string }).default

export const root = path.resolve(__dirname, '../../..')
export const src = path.join(root, 'src')
const { pages, subPackages } = appPages('h5')
/** every page of the H5 build, in the order of the app config */
export const allPages = [...pages, ...subPackages.flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))]
export const WINDOW = { navigationStyle: 'custom', enablePullDownRefresh: false, navigationBarTitleText: '' }

/** what @tarojs/plugin-platform-h5 adds to the loader's options: the pull-down-refresh element */
export const PULL_DOWN_IMPORT = "import { defineCustomElementTaroPullToRefreshCore } from '@tarojs/components/dist/components'\n"
export const PULL_DOWN_DEFINE = 'defineCustomElementTaroPullToRefreshCore()\n'

/** what Taro's H5 loader writes for the app entry of these pages */
export function taroEntry(window: Record<string, unknown> = WINDOW, mode = 'browser'): string {
  const pageConfigs = allPages.map((p) => [p, path.join(src, `${p}.config.ts`)])
  return taroH5Loader.call({
    getOptions: () => ({
      config: { router: { mode, customRoutes: h5CustomRoutes() }, pages: allPages, subPackages, window, preloadRule: {}, animation: false },
      entryFileName: 'app',
      filename: 'app',
      sourceDir: src,
      runtimePath: [],
      pages: pageConfigs,
      pxTransformConfig: { designWidth: 750, deviceRatio: {}, baseFontSize: 20, unitPrecision: 5, targetUnit: 'rem' },
      loaderMeta: {
        importFrameworkStatement: '',
        creator: 'createReactApp',
        creatorLocation: '@tarojs/plugin-framework-react/dist/runtime',
        frameworkArgs: 'React, ReactDOM, config',
        importFrameworkName: 'React',
        extraImportForWeb: PULL_DOWN_IMPORT,
        execBeforeCreateWebApp: PULL_DOWN_DEFINE,
      },
    }),
    mode: 'production',
    resourcePath: path.join(src, 'app.config.ts'),
    context: src,
    rootContext: root,
    utils: { contextify: (context: string, request: string) => `./${path.relative(context, request)}` },
  })
}

/** the source of an installed package's file */
export const installed = (file: string) => fs.readFileSync(path.join(root, 'node_modules', file), 'utf8')
