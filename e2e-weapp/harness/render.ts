/* eslint-disable @typescript-eslint/no-explicit-any -- the compiled WXML functions take and return untyped trees */
/**
 * The render layer: turns a page's data into the element tree WeChat would show, with WeChat's
 * own WXML compiler. `miniprogram-compiler` (the wcc binary WeChat publishes for
 * miniprogram-simulate) compiles every .wxml/.wxs of dist/weapp into `$gwx`, the function the
 * WeChat web view runs; calling it with the page's data gives the virtual tree (tags, attributes
 * after template and WXS evaluation, text). So what the harness reads and taps is what Taro's
 * base.wxml templates make of `root.cn` — a node whose template is missing, an attribute Taro
 * did not bind, or an element without a tap binding show up as they would on a phone.
 *
 * It runs in its own vm context, which has a `window` (the render layer is a web view; the
 * compiled code needs it), apart from the logic layer's context.
 */
import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

export interface RNode {
  /** WXML tag without the wx- prefix: view, text, input, button, image, comp … */
  tag: string
  attr: Record<string, any>
  children: Array<RNode | string>
  parent: RNode | null
}

export class Screen {
  constructor(readonly root: RNode) {}

  /** all the text, elements separated by a space, whitespace collapsed */
  text(node: RNode = this.root): string {
    return textOf(node)
  }

  /** elements matching a descendant selector of tags and classes: '.a', 'input', '.field--x input' */
  findAll(selector: string): RNode[] {
    const parts = selector.trim().split(/\s+/).map(parseSimple)
    const out: RNode[] = []
    walk(this.root, (n) => {
      if (!matches(n, parts[parts.length - 1])) return
      let i = parts.length - 2
      for (let p = n.parent; p && i >= 0; p = p.parent) if (matches(p, parts[i])) i--
      if (i < 0) out.push(n)
    })
    return out
  }

  find(selector: string): RNode {
    const found = this.findAll(selector)
    if (!found.length) throw new Error(`no element matches "${selector}"`)
    return found[0]
  }

  has(selector: string): boolean {
    return this.findAll(selector).length > 0
  }

  /** text of the first element matching, or null */
  textOf(selector: string): string | null {
    const found = this.findAll(selector)
    return found.length ? textOf(found[0]) : null
  }

  /** every class name on the page (for error messages) */
  classes(): string[] {
    const set = new Set<string>()
    walk(this.root, (n) =>
      String(n.attr.class ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .forEach((c) => set.add(c)),
    )
    return [...set]
  }
}

export interface RenderResult {
  screen: Screen
  /** what the WXML runtime complained about (missing templates, WXS errors) */
  warnings: string[]
}

export class RenderLayer {
  private readonly gwx: (file: string) => any
  private readonly parse: (json: string) => any
  private readonly warnings: string[] = []
  private readonly usingCache = new Map<string, Record<string, string>>()

  constructor(private readonly dist: string) {
    // required here: the compiler package spawns WeChat's wcc binary (linux, mac or windows build)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const compiler = require('miniprogram-compiler') as { wxmlToJs(root: string): string }
    const code = compiler.wxmlToJs(dist)
    const record = (...args: unknown[]) => this.warnings.push(args.map(String).join(' '))
    const sandbox: Record<string, unknown> = { console: { log: record, warn: record, error: record, info: () => undefined, debug: () => undefined } }
    const ctx = vm.createContext(sandbox, { name: 'render layer' })
    sandbox.window = vm.runInContext('this', ctx)
    // the web view's engine version the compiled code checks (as miniprogram-simulate sets it)
    sandbox.__webview_engine_version__ = 0.02
    this.gwx = vm.runInContext(`(function () {\n${code}\n})()`, ctx, { filename: 'wcc-output.js' })
    // data must be made of the render context's own objects: the WXS bridge checks
    // `o.constructor === Object`, which a Node object from the other context fails
    this.parse = vm.runInContext('JSON.parse', ctx)
  }

  render(route: string, data: unknown): RenderResult {
    this.warnings.length = 0
    const root: RNode = { tag: 'page', attr: {}, children: [], parent: null }
    this.renderInto(root, route, data)
    return { screen: new Screen(root), warnings: [...new Set(this.warnings)] }
  }

  private renderInto(host: RNode, file: string, data: unknown): void {
    const gen = this.gwx(`${file}.wxml`)
    if (typeof gen !== 'function') {
      this.warnings.push(`${file}.wxml is not compiled (missing?)`)
      return
    }
    const tree = gen(this.parse(JSON.stringify(data ?? {})), {}, {})
    for (const c of tree?.children ?? []) this.adopt(host, c, file)
  }

  /** copies a compiled node under `parent`, dropping `virtual` wrappers, expanding custom components */
  private adopt(parent: RNode, raw: any, file: string): void {
    if (typeof raw === 'string') {
      if (raw !== '') parent.children.push(raw)
      return
    }
    if (!raw || typeof raw !== 'object') return
    if (raw.tag === 'virtual' || !raw.tag) {
      for (const c of raw.children ?? []) this.adopt(parent, c, file)
      return
    }
    const tag = String(raw.tag).replace(/^wx-/, '')
    const node: RNode = { tag, attr: { ...(raw.attr ?? {}) }, children: [], parent }
    parent.children.push(node)
    const component = this.using(file)[tag]
    if (component) {
      // a custom component (Taro's `comp` beyond the template depth): its own template, its properties as data
      this.renderInto(node, component, raw.attr ?? {})
      return
    }
    for (const c of raw.children ?? []) this.adopt(node, c, file)
  }

  private using(file: string): Record<string, string> {
    let map = this.usingCache.get(file)
    if (!map) {
      map = {}
      const json = path.join(this.dist, `${file}.json`)
      if (fs.existsSync(json)) {
        for (const [name, p] of Object.entries<string>(JSON.parse(fs.readFileSync(json, 'utf8')).usingComponents ?? {})) {
          map[name] = p.startsWith('/') ? p.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(file), p))
        }
      }
      this.usingCache.set(file, map)
    }
    return map
  }
}

function walk(n: RNode, visit: (n: RNode) => void): void {
  visit(n)
  for (const c of n.children) if (typeof c !== 'string') walk(c, visit)
}

function textOf(n: RNode): string {
  return n.children
    .map((c) => (typeof c === 'string' ? c : ` ${textOf(c)} `))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
}

interface Simple {
  tag?: string
  classes: string[]
}

function parseSimple(s: string): Simple {
  const [tag, ...classes] = s.split('.')
  return { tag: tag || undefined, classes }
}

function matches(n: RNode, s: Simple): boolean {
  if (s.tag && n.tag !== s.tag) return false
  if (!s.classes.length) return true
  const have = String(n.attr.class ?? '').split(/\s+/)
  return s.classes.every((c) => have.includes(c))
}
