import fs from 'node:fs'
import ts from 'typescript'

/**
 * Every name on WeChat's `wx` object, read from WeChat's own type definitions
 * (miniprogram-api-typings, `interface Wx`). Taro copies onto `Taro` exactly the keys it finds on
 * `wx` (processApis in @tarojs/shared), so the harness's `wx` must have all of them: a name the
 * harness does not simulate still exists, and calling it is reported instead of being silently
 * missing (on a phone it would work).
 */
let cached: string[] | null = null

export function wxApiNames(): string[] {
  if (cached) return cached
  const file = require.resolve('miniprogram-api-typings/types/wx/lib.wx.api.d.ts')
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const names = new Set<string>()
  const walk = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'Wx') {
      for (const m of node.members) if (m.name) names.add(m.name.getText(source))
    }
    ts.forEachChild(node, walk)
  }
  walk(source)
  if (names.size < 100) throw new Error(`miniprogram-api-typings: found only ${names.size} wx APIs in ${file}`)
  cached = [...names]
  return cached
}
