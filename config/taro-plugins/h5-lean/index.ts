import path from 'path'
import type { IPluginContext } from '@tarojs/service'
import type Chain from 'webpack-chain'
import { splitTaroComponents } from './components'
import { checkTaroInteraction, LightInteraction } from './interaction'
import { withRootFontSizeScript } from './root-font-size'
import { checkTaroRequest, polyfillAliases } from './polyfills'
// plain CommonJS: webpack runs the route table as a loader, and bench/bare-taro's config loads the page map
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { LightRouteTable } = require('./route-table') as { LightRouteTable: new (options: RouteTableOptions) => unknown }
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PageChunkMap } = require('./page-chunk-map') as typeof import('./page-chunk-map')

/**
 * A Taro plugin (config/index.ts `plugins`) that patches Taro 4.2.1's H5 build to keep a fresh visit
 * small and steady; the mini-program build is left alone. Each patch is a module of this folder,
 * checks the shape of the Taro output it rewrites and stops the build when that shape changes
 * (README.md here: what each does and saves, how to check it after a Taro upgrade).
 *
 * H5_LEAN_SKIP=components,interaction,… builds without the patches named (to measure what one saves
 * with `npm run size:h5`); the page map is never skipped: `npm run size:h5` reads it.
 */

interface RouteTableOptions {
  customRoutes: Record<string, string[]>
  routesModule: string
  i18nModule: string
}

export interface H5LeanOptions {
  /** the module that stands in for Taro's interaction module (src/lib/h5-interaction.ts) */
  interactionModule: string
  routeTable: RouteTableOptions
  /** where the page → chunk files map goes, and what index.html preloads (./page-chunk-map.js) */
  pageChunkMap: { file: string; preload: Record<string, string[]>; publicPath: string; english: { storageKey: string; chunk: string } }
}

export const PATCHES = ['components', 'interaction', 'routeTable', 'polyfills', 'rootFontSize'] as const
type Patch = (typeof PATCHES)[number]

function skipped(): Set<Patch> {
  const names = (process.env.H5_LEAN_SKIP ?? '').split(',').filter(Boolean)
  for (const name of names)
    if (!(PATCHES as readonly string[]).includes(name)) throw new Error(`H5_LEAN_SKIP: no patch ${name} (patches: ${PATCHES.join(', ')})`)
  return new Set(names as Patch[])
}

export default function h5Lean(ctx: IPluginContext, options: H5LeanOptions): void {
  // after Taro's own plugins (stage 0): @tarojs/plugin-platform-h5 sets the `@tarojs/components`
  // alias this replaces in its modifyWebpackChain hook
  ctx.register({ name: 'modifyWebpackChain', stage: 1, fn: ({ chain }: { chain: Chain }) => patchH5Chain(chain, ctx.paths.appPath, options) })
}

/** the patches, on the H5 build's webpack chain (`root`: the app's folder) */
function patchH5Chain(chain: Chain, root: string, options: H5LeanOptions): void {
  if (process.env.TARO_ENV !== 'h5') return
  const skip = skipped()
  if (skip.size) console.log(`h5-lean: without ${[...skip].join(', ')}`)

  const taroH5 = path.join(root, 'node_modules', '@tarojs', 'taro-h5')
  if (!skip.has('polyfills')) {
    checkTaroRequest(taroH5)
    // webpack 5 takes `false` as "an empty module" (webpack-chain's types want a path)
    for (const [request, target] of Object.entries(polyfillAliases())) chain.resolve.alias.set(request, target as string)
  }
  if (!skip.has('interaction')) {
    checkTaroInteraction(taroH5)
    chain.plugin('light-interaction').use(LightInteraction, [root, options.interactionModule])
  }
  if (!skip.has('routeTable')) chain.plugin('light-route-table').use(LightRouteTable, [options.routeTable])
  if (!skip.has('components')) {
    const components = splitTaroComponents(root)
    chain.resolve.alias.set('@tarojs/components$', path.join(components, 'index.js'))
    const splitRule = chain.module.rule('taro-components-split').test((file: string) => file.startsWith(components))
    ;(splitRule as unknown as { sideEffects(free: boolean): unknown }).sideEffects(false)
  }
  if (!skip.has('rootFontSize')) {
    if (!chain.plugins.has('htmlWebpackPlugin'))
      throw new Error("config/taro-plugins/h5-lean/root-font-size.ts: Taro's webpack config has no plugin named htmlWebpackPlugin")
    chain.plugin('htmlWebpackPlugin').tap(([htmlOptions, ...rest]) => [withRootFontSizeScript(htmlOptions), ...rest])
  }
  const { file, ...pageChunkOptions } = options.pageChunkMap
  chain.plugin('page-chunk-map').use(PageChunkMap, [file, pageChunkOptions])
}
