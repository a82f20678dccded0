import path from 'path'

/**
 * H5 build: @tarojs/taro-h5's interaction module (toast, loading, modal, action sheet) is replaced
 * by src/lib/h5-interaction.ts, which draws the loading indicator and plain toasts itself and loads
 * Taro's module on first use for the rest (issue 15: 7.3 KiB gzipped out of the app shell; the
 * reasons are at the top of that file). Every import of Taro's module (taro-h5's API index, its
 * clipboard and chooseMedia) is sent to ours, except ours: its `import()` gets Taro's own.
 */
export class LightInteraction {
  private readonly taroModule: string
  constructor(
    root: string,
    private readonly replacement: string,
  ) {
    this.taroModule = path.join(root, 'node_modules', '@tarojs', 'taro-h5', 'dist', 'api', 'ui', 'interaction', 'index.js')
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
    ;(compiler as unknown as { hooks: { afterCompile: { tap(name: string, fn: (compilation: { errors: Error[]; compiler: { isChild(): boolean } }) => void): void } } }).hooks.afterCompile.tap('light-interaction', (compilation) => {
      // html-webpack-plugin's child compilation (index.html) imports no script of ours
      if (replaced === 0 && !compilation.compiler.isChild()) compilation.errors.push(new Error(`config/h5-interaction.ts: nothing imported ${this.taroModule}; check @tarojs/taro-h5's layout`))
    })
  }
}

interface NormalModuleFactoryLike {
  hooks: { beforeResolve: { tap(name: string, fn: (data: { request: string; context: string; contextInfo: { issuer: string } }) => void): void } }
}
