import fs from 'fs'
import path from 'path'

/**
 * Patch `interaction`: @tarojs/taro-h5's interaction module (toast, loading, modal, action sheet)
 * is replaced by src/lib/h5-interaction.ts, which draws the loading indicator and plain toasts
 * itself and loads Taro's module on first use for the rest (the reasons are at the top of that
 * file). Every import of Taro's module (taro-h5's API index, its clipboard and chooseMedia) is sent
 * to ours, except ours: its `import()` gets Taro's own.
 */

const PATCH = 'config/taro-plugins/h5-lean/interaction.ts'

/** Taro's module, from the package root */
export const TARO_INTERACTION = 'dist/api/ui/interaction/index.js'
/** what Taro's module exports, and so what the replacement must export */
export const INTERACTION_EXPORTS = [
  'disableAlertBeforeUnload',
  'enableAlertBeforeUnload',
  'hideLoading',
  'hideToast',
  'showActionSheet',
  'showLoading',
  'showModal',
  'showToast',
]

/**
 * Throws, naming this patch and the shape it expects, when the installed @tarojs/taro-h5 (`taroH5`,
 * its package folder) no longer has its interaction module where the patch looks, exporting what
 * the replacement exports, imported by a relative path (the only requests the patch redirects).
 */
export function checkTaroInteraction(taroH5: string): void {
  const file = path.join(taroH5, TARO_INTERACTION)
  const expected = `@tarojs/taro-h5/${TARO_INTERACTION} exporting exactly { ${INTERACTION_EXPORTS.join(', ')} }, imported as '…/interaction/index.js' by dist/api/index.js`
  if (!fs.existsSync(file)) throw new Error(`${PATCH}: no @tarojs/taro-h5/${TARO_INTERACTION}; expected ${expected}`)
  const exported = /\nexport \{([^}]+)\};/
    .exec(fs.readFileSync(file, 'utf8'))?.[1]
    .split(',')
    .map((s) => s.trim())
    .sort()
  if (exported?.join() !== INTERACTION_EXPORTS.join())
    throw new Error(`${PATCH}: it exports ${exported?.join(', ') ?? 'no `export { … }`'}; expected ${expected}`)
  const apiIndex = fs.readFileSync(path.join(taroH5, 'dist', 'api', 'index.js'), 'utf8')
  if (!apiIndex.includes("from './ui/interaction/index.js'"))
    throw new Error(`${PATCH}: dist/api/index.js does not import './ui/interaction/index.js'; expected ${expected}`)
}

export class LightInteraction {
  private readonly taroModule: string
  /** `root`: the app's folder; `replacement`: the module that stands in for Taro's */
  constructor(
    root: string,
    private readonly replacement: string,
  ) {
    // a git worktree's node_modules is a symlink: webpack's requests resolve to the real path
    this.taroModule = fs.realpathSync(path.join(root, 'node_modules', '@tarojs', 'taro-h5', TARO_INTERACTION))
  }

  apply(compiler: { hooks: { normalModuleFactory: { tap(name: string, fn: (nmf: NormalModuleFactoryLike) => void): void } } }): void {
    let replaced = 0
    compiler.hooks.normalModuleFactory.tap('light-interaction', (nmf) => {
      nmf.hooks.beforeResolve.tap('light-interaction', (data) => {
        if (!data.request.startsWith('.') || data.contextInfo.issuer === this.replacement) return
        if (path.resolve(data.context, data.request) !== this.taroModule) return
        data.request = this.replacement
        replaced++
      })
    })
    // a Taro upgrade that moves the module must not leave the heavy one in silently
    ;(
      compiler as unknown as {
        hooks: { afterCompile: { tap(name: string, fn: (compilation: { errors: Error[]; compiler: { isChild(): boolean } }) => void): void } }
      }
    ).hooks.afterCompile.tap('light-interaction', (compilation) => {
      // html-webpack-plugin's child compilation (index.html) imports no script of ours
      if (replaced === 0 && !compilation.compiler.isChild())
        compilation.errors.push(new Error(`${PATCH}: nothing imported ${this.taroModule}; check @tarojs/taro-h5's layout`))
    })
  }
}

interface NormalModuleFactoryLike {
  hooks: { beforeResolve: { tap(name: string, fn: (data: { request: string; context: string; contextInfo: { issuer: string } }) => void): void } }
}
