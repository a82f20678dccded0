import fs from 'fs'
import path from 'path'

/**
 * Patch `components`: Taro's React adapter for its H5 components
 * (`@tarojs/components/lib/react/components.js`) is ONE module that wraps all of them. Webpack keeps
 * every export some page uses and puts the module in the entry chunk (the app shell uses View and
 * Text), so the web components of every page — Picker, Textarea, Input, ScrollView, RichText… —
 * would be defined in the H5 first load.
 *
 * This writes the same adapter split one component a module (same tag, same props function, same
 * custom element definition, imported from the component's own file in `dist/components/`) and an
 * index of re-exports. Marked free of side effects (./index.ts), webpack then links each import
 * straight to the component's module, which lands in the chunks of the pages that use it.
 *
 * Generated from the installed adapter at every build (so a Taro upgrade regenerates it), into
 * node_modules/.cache (not committed). Fails the build if the adapter's shape is not the expected one.
 */

const PATCH = 'config/taro-plugins/h5-lean/components.ts'

/** one wrapped component of the adapter: `const Input = createReactComponent('taro-input-core', …, defineCustomElementTaroInputCore)` */
export interface WrappedComponent {
  name: string
  tag: string
  /** the module of `dist/components/` that defines its custom element */
  file: string
}

/**
 * The components of Taro's adapter, read from the adapter (`adapter`, lib/react/components.js) and
 * the components index (`components`, dist/components/index.js). Throws, naming this patch and the
 * shape it expects, when either is written differently.
 */
export function readTaroAdapter(adapter: string, components: string): WrappedComponent[] {
  // `export { …, defineCustomElement as defineCustomElementTaroInputCore } from './taro-input-core.js';`
  const definers = new Map<string, string>()
  for (const m of components.matchAll(/defineCustomElement as (defineCustomElement\w+) \} from '\.\/([\w-]+\.js)'/g)) {
    definers.set(m[1], m[2])
  }
  // `const Input = /*@__PURE__*/ createReactComponent('taro-input-core', undefined, manipulatePropsFunction, defineCustomElementTaroInputCore);`
  const wrapped = [...adapter.matchAll(/const (\w+) = \/\*@__PURE__\*\/ createReactComponent\('([\w-]+)', undefined, manipulatePropsFunction, (\w+)\);/g)]
  const exported =
    /export \{([^}]+)\};/
      .exec(adapter)?.[1]
      .split(',')
      .map((s) => s.trim()) ?? []
  const plain = exported.filter((name) => !wrapped.some((w) => w[1] === name))
  if (wrapped.length < 50 || plain.join() !== 'Block' || !/const Block = Fragment;/.test(adapter)) {
    throw new Error(
      `${PATCH}: @tarojs/components/lib/react/components.js is not shaped as expected: ` +
        "at least 50 lines `const X = /*@__PURE__*/ createReactComponent('taro-x-core', undefined, manipulatePropsFunction, defineCustomElementTaroXCore);`, " +
        '`const Block = Fragment;` and one `export { … };` of them all ' +
        `(found ${wrapped.length} components; exported but not wrapped: ${plain.join(', ') || 'none'})`,
    )
  }
  return wrapped.map(([, name, tag, definer]) => {
    const file = definers.get(definer)
    if (!file)
      throw new Error(
        `${PATCH}: @tarojs/components/dist/components/index.js has no \`defineCustomElement as ${definer} } from './….js'\` (the module defining <${tag}>)`,
      )
    return { name, tag, file }
  })
}

/** the installed adapter's components (node_modules/@tarojs/components of `root`) */
export function installedTaroAdapter(root: string): WrappedComponent[] {
  const lib = path.join(root, 'node_modules', '@tarojs', 'components')
  return readTaroAdapter(
    fs.readFileSync(path.join(lib, 'lib', 'react', 'components.js'), 'utf8'),
    fs.readFileSync(path.join(lib, 'dist', 'components', 'index.js'), 'utf8'),
  )
}

/**
 * Writes the split adapter and returns its folder, as a real path: webpack resolves the symlinked
 * node_modules of a git worktree to the real one, and module rules compare real paths.
 */
export function splitTaroComponents(root: string): string {
  const wrapped = installedTaroAdapter(root)
  const out = path.join(root, 'node_modules', '.cache', 'h5-taro-components')
  fs.rmSync(out, { recursive: true, force: true })
  fs.mkdirSync(out, { recursive: true })
  const index = ["export { Fragment as Block } from 'react'"]
  for (const { name, tag, file } of wrapped) {
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
  return fs.realpathSync(out)
}
