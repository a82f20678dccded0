/**
 * Where a problem's JSON path is in the editor's text, found on the syntax tree of the editor's own JSON
 * parser (@codemirror/lang-json): a key's value for a path that reaches it, the
 * nearest enclosing value for one that does not (a missing key is marked on its object), and the
 * parser's first error for a draft that is not JSON.
 */
import { jsonLanguage } from '@codemirror/lang-json'
import type { EditorState } from '@codemirror/state'

type SyntaxNode = ReturnType<typeof jsonLanguage.parser.parse>['topNode']

const VALUES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null'])
const valuesOf = (node: SyntaxNode): SyntaxNode[] => {
  const out: SyntaxNode[] = []
  for (let c = node.firstChild; c; c = c.nextSibling) if (VALUES.has(c.name)) out.push(c)
  return out
}

function propertyOf(state: EditorState, object: SyntaxNode, key: string): SyntaxNode | null {
  for (let c = object.firstChild; c; c = c.nextSibling) {
    if (c.name !== 'Property') continue
    const name = c.getChild('PropertyName')
    if (name && state.sliceDoc(name.from, name.to) === JSON.stringify(key)) return c
  }
  return null
}

/** a mark small enough to read: a key's name when its value is an object or array, else the value */
const markOf = (prop: SyntaxNode, value: SyntaxNode | null) =>
  !value ? prop : value.name === 'Object' || value.name === 'Array' ? (prop.getChild('PropertyName') ?? prop) : value

export function rangeOfPath(state: EditorState, path: Array<string | number>): { from: number; to: number } {
  // parsed whole: the editor's own tree may stop early on a long draft
  const tree = jsonLanguage.parser.parse(state.doc.toString())
  let error: { from: number; to: number } | null = null
  tree.iterate({
    enter: (n) => {
      if (!error && n.type.isError) error = { from: n.from, to: Math.max(n.to, Math.min(n.from + 1, state.doc.length)) }
      return !error
    },
  })
  if (path.length === 0 && error) return error
  let node: SyntaxNode | null = valuesOf(tree.topNode)[0] ?? null
  if (!node) return { from: 0, to: Math.min(1, state.doc.length) }
  let mark: { from: number; to: number } = { from: node.from, to: Math.min(node.to, node.from + 1) }
  for (const seg of path) {
    if (typeof seg === 'number' && node.name === 'Array') {
      const item: SyntaxNode | undefined = valuesOf(node)[seg]
      if (!item) break
      node = item
      mark = { from: item.from, to: item.name === 'Object' || item.name === 'Array' ? item.from + 1 : item.to }
    } else if (node.name === 'Object') {
      const prop = propertyOf(state, node, String(seg))
      if (!prop) break
      const value: SyntaxNode | null = valuesOf(prop)[0] ?? null
      const m = markOf(prop, value)
      mark = { from: m.from, to: m.to }
      if (!value) break
      node = value
    } else break
  }
  return mark
}

/** `attendeeTypes[1].fields[3].key`, as the command lines print a place */
export const pathText = (path: Array<string | number>): string =>
  path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '')
