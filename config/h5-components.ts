import fs from 'fs'
import path from 'path'

/**
 * Taro's React adapter for its H5 components (`@tarojs/components/lib/react/components.js`) is ONE
 * module that wraps all of them. Webpack keeps every export some page uses and puts the module in
 * the entry chunk (the app shell uses View and Text), so the web components of every page — Picker,
 * Textarea, Input, ScrollView, RichText… — were defined in the H5 first load (issue 15).
 *
 * This writes the same adapter split one component a module (same tag, same props function, same
 * custom element definition, imported from the component's own file in `dist/components/`) and an
 * index of re-exports. Marked free of side effects (config/index.ts), webpack then links each import
 * straight to the component's module, which lands in the chunks of the pages that use it.
 *
 * Generated from the installed adapter at every build (so a Taro upgrade regenerates it), into
 * node_modules/.cache (not committed). Fails the build if the adapter's shape is not the expected one.
 */
export function splitTaroComponents(root: string): string {
  const lib = path.join(root, 'node_modules', '@tarojs', 'components')
  const adapter = fs.readFileSync(path.join(lib, 'lib', 'react', 'components.js'), 'utf8')
  const components = fs.readFileSync(path.join(lib, 'dist', 'components', 'index.js'), 'utf8')

  // `export { …, defineCustomElement as defineCustomElementTaroInputCore } from './taro-input-core.js';`
  const definers = new Map<string, string>()
  for (const m of components.matchAll(/defineCustomElement as (defineCustomElement\w+) \} from '\.\/([\w-]+\.js)'/g)) {
    definers.set(m[1], m[2])
  }
  // `const Input = /*@__PURE__*/ createReactComponent('taro-input-core', undefined, manipulatePropsFunction, defineCustomElementTaroInputCore);`
  const wrapped = [...adapter.matchAll(/const (\w+) = \/\*@__PURE__\*\/ createReactComponent\('([\w-]+)', undefined, manipulatePropsFunction, (\w+)\);/g)]
  const exported = /export \{([^}]+)\};/.exec(adapter)?.[1].split(',').map((s) => s.trim()) ?? []
  const plain = exported.filter((name) => !wrapped.some((w) => w[1] === name))
  if (wrapped.length < 50 || plain.join() !== 'Block' || !/const Block = Fragment;/.test(adapter)) {
    throw new Error(`config/h5-components.ts: @tarojs/components/lib/react/components.js is not shaped as expected (${wrapped.length} components; not wrapped: ${plain.join(', ')})`)
  }

  const out = path.join(root, 'node_modules', '.cache', 'h5-taro-components')
  fs.rmSync(out, { recursive: true, force: true })
  fs.mkdirSync(out, { recursive: true })
  const index = ["export { Fragment as Block } from 'react'"]
  for (const [, name, tag, definer] of wrapped) {
    const file = definers.get(definer)
    if (!file) throw new Error(`config/h5-components.ts: no module defines ${definer}`)
    fs.writeFileSync(
      path.join(out, `${name}.js`),
      [
        "import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent.js'",
        "import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper.js'",
        `import { defineCustomElement } from '@tarojs/components/dist/components/${file}'`,
        `export const ${name} = /*@__PURE__*/ createReactComponent('${tag}', undefined, manipulatePropsFunction, defineCustomElement)`,
        '',
      ].join('\n'),
    )
    index.push(`export { ${name} } from './${name}.js'`)
  }
  fs.writeFileSync(path.join(out, 'index.js'), `${index.join('\n')}\n`)
  return out
}

/** writes webpack's module and chunk stats to `file` when a build is done (H5_STATS, config/index.ts) */
export class StatsDump {
  constructor(private readonly file: string) {}
  apply(compiler: { hooks: { done: { tap(name: string, fn: (stats: { toJson(o: object): unknown }) => void): void } } }): void {
    compiler.hooks.done.tap('stats-dump', (stats) => {
      const json = stats.toJson({ all: false, modules: true, chunks: true, chunkModules: true, nestedModules: true, reasons: true, ids: true, assets: true, dependentModules: true, modulesSpace: Infinity, chunkModulesSpace: Infinity, nestedModulesSpace: Infinity })
      fs.writeFileSync(this.file, JSON.stringify(json))
    })
  }
}
