/**
 * The components patch (config/taro-plugins/h5-lean/components.ts) regenerates Taro's React adapter
 * of its H5 components one component a module, from the installed adapter. It must still find the
 * shape it was written against (Taro 4.2.1), and say which shape it wanted when it does not.
 */
import fs from 'fs'
import path from 'path'
import { installedTaroAdapter, readTaroAdapter } from '../../../config/taro-plugins/h5-lean/components'
import { installed, root } from './taro-entry'

describe("Taro's output the components patch rewrites (written against Taro 4.2.1)", () => {
  it('@tarojs/components/lib/react/components.js still wraps each component with createReactComponent, each defined in a module of dist/components', () => {
    const components = installedTaroAdapter(root)
    expect(components.length).toBeGreaterThanOrEqual(50)
    for (const { file } of components)
      expect([file, fs.existsSync(path.join(root, 'node_modules', '@tarojs', 'components', 'dist', 'components', file))]).toEqual([file, true])
  })

  it('the modules the split adapter imports still export what it imports', () => {
    const expected = [
      ['@tarojs/components/lib/react/react-component-lib/createComponent.js', 'createReactComponent'],
      ['@tarojs/components/lib/react/helper.js', 'manipulatePropsFunction'],
    ]
    for (const [file, name] of expected) {
      if (!new RegExp(`export \\{[^}]*\\b${name}\\b`).test(installed(file)))
        throw new Error(`config/taro-plugins/h5-lean/components.ts: ${file} no longer exports ${name}`)
    }
    const { file } = installedTaroAdapter(root).find((c) => c.name === 'Input') ?? { file: '' }
    expect(installed(`@tarojs/components/dist/components/${file}`)).toMatch(/export \{[^}]*\bdefineCustomElement\b/)
  })
})

describe('the shape check', () => {
  const adapter = installed('@tarojs/components/lib/react/components.js')
  const index = installed('@tarojs/components/dist/components/index.js')

  it('names the patch and the expected shape when the adapter is written differently', () => {
    expect(() => readTaroAdapter(adapter.replace(/createReactComponent\('/g, "createComponent('"), index)).toThrow(
      /^config\/taro-plugins\/h5-lean\/components\.ts: .*components\.js is not shaped as expected: at least 50 lines `const X = .*found 0 components/,
    )
    expect(() => readTaroAdapter(adapter.replace('const Block = Fragment;', 'const Block = View;'), index)).toThrow(/`const Block = Fragment;`/)
  })

  it('names the definer it cannot find', () => {
    expect(() =>
      readTaroAdapter(adapter, index.replace(/defineCustomElement as defineCustomElementTaroInputCore/, 'defineCustomElement as somethingElse')),
    ).toThrow(/components\.ts: .*dist\/components\/index\.js has no `defineCustomElement as defineCustomElementTaroInputCore/)
  })
})
