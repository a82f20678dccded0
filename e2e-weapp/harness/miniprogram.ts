/* eslint-disable @typescript-eslint/no-explicit-any -- page instances, Page()/App() objects and events are WeChat's loosely typed objects shared with compiled code */
/**
 * Runs dist/weapp the way WeChat does: the logic layer (app-service.ts) with, here, the page stack
 * and what a person does with it:
 *
 *  - a page stack with WeChat's lifecycle order (onLoad → onShow → onReady; onHide when covered;
 *    onUnload when redirected away or popped) and WeChat's navigation rules (10 pages at most,
 *    no tabBar so switchTab fails, unknown pages fail);
 *  - setData applies path keys ("root.cn.[0].cn.[1].v") to the page's data, copying values
 *    through JSON as the bridge to the render layer does, and refuses payloads over 1 MB;
 *  - taps and inputs are WeChat events built from the rendered WXML (render.ts) and delivered to
 *    the handler named in the element's bind/catch attribute, bubbling as WeChat bubbles them.
 */
import path from 'node:path'
import { AppService, type MiniProgramOptions, type PageInstance } from './app-service'
import { describeError } from './code-position'
import { datasetOf, describeNode, handlerOf } from './events'
import { RenderLayer, type Screen, type RNode } from './render'
import { clone, parsePath, setPath } from './set-data'
import type { NavKind } from './wx'

export { parsePath, setPath } from './set-data'
export type { MiniProgramOptions, PageInstance, Problem, ProblemKind } from './app-service'

const PAGE_STACK_LIMIT = 10
const SETDATA_LIMIT_BYTES = 1024 * 1024

export class MiniProgram extends AppService {
  private readonly render: RenderLayer
  private nextWebviewId = 1
  private pendingNavigations = 0

  constructor(opts: MiniProgramOptions) {
    super(opts)
    this.render = new RenderLayer(this.dist)
  }

  // ------------------------------------------------------------------ launch and lifecycle

  /** loads the app and opens `entry` (e.g. 'pages/index/index?ehc=demo&ec=DEMO') as WeChat's cold start does */
  launch(entry: string): void {
    const { route, query } = this.parseUrl(entry, null)
    this.launchOptions = { path: route, query: { ...query }, scene: 1001, referrerInfo: {}, mode: 'default', apiCategory: 'default' }
    try {
      this.loadModule('app.js')
    } catch (e) {
      this.problem('load', `app.js threw while loading: ${describeError(e, this.dist)}`, 'app')
      return
    }
    if (!this.appDef) {
      this.problem('load', 'app.js did not call App()', 'app')
      return
    }
    this.loadPackage('')
    const app: any = {}
    for (const [k, v] of Object.entries(this.appDef)) app[k] = typeof v === 'function' ? v : clone(v)
    this.app = app
    this.callHook(app, 'onLaunch', 'app', { ...this.launchOptions })
    this.callHook(app, 'onShow', 'app', { ...this.launchOptions })
    if (this.isRegistered(route)) {
      this.ensurePackageOf(route)
      if (this.pageDefs.has(route)) this.openPage(route, query)
    } else if (typeof app.onPageNotFound === 'function') {
      // WeChat: the app may redirect, synchronously, from here
      this.callHook(app, 'onPageNotFound', 'app', { path: route, query, isEntryPage: true })
    } else {
      this.problem('navigation', `entry page "${route}" is not found`, 'app')
    }
  }

  /** unloads everything and stops the app's timers; the context is not used again */
  dispose(): void {
    if (this.disposed) return
    while (this.stack.length) this.unloadTop()
    for (const h of this.timers.values()) clearTimeout(h)
    this.timers.clear()
    this.disposed = true
    // rejections of promises the app left behind may still arrive a moment later
    const off = setTimeout(() => process.off('unhandledRejection', this.onRejection), 500) as unknown as { unref?: () => void }
    // (a number under jest's jsdom environment)
    off.unref?.()
  }

  /** the app instance getApp() returns */
  getApp(): any {
    return this.app
  }

  /** the rendered top page */
  screen(): Screen {
    const page = this.currentPage
    if (!page) throw new Error('no page is open')
    const out = this.render.render(page.route, page.data)
    for (const w of out.warnings) this.problem('render', w, page.route)
    return out.screen
  }

  // ------------------------------------------------------------------ waiting

  /** resolves when no request or navigation is pending and nothing was set for `quietMs` */
  async settle(quietMs = 150, timeoutMs = 20000): Promise<void> {
    const start = Date.now()
    for (;;) {
      await sleep(20)
      const quiet = Date.now() - this.lastActivity >= quietMs
      if (this.inflight === 0 && this.pendingNavigations === 0 && quiet) return
      if (Date.now() - start > timeoutMs) {
        throw new Error(`the app did not settle within ${timeoutMs} ms (${this.inflight} requests, ${this.pendingNavigations} navigations pending)`)
      }
    }
  }

  /** polls `check` (rendering the page each time) until it returns a truthy value */
  async waitFor<T>(what: string, check: () => T | null | undefined | false, timeoutMs = 10000): Promise<T> {
    const start = Date.now()
    let lastError: unknown
    for (;;) {
      try {
        const v = check()
        if (v) return v
      } catch (e) {
        lastError = e
      }
      if (Date.now() - start > timeoutMs) {
        const detail = lastError instanceof Error ? ` (${lastError.message})` : ''
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}; on ${this.currentRoute}`)
      }
      await sleep(25)
    }
  }

  // ------------------------------------------------------------------ user actions

  /** a finger on the element: touchstart, touchend, tap, each bubbling as WeChat bubbles them */
  tap(selectorOrNode: string | RNode): void {
    const node = typeof selectorOrNode === 'string' ? this.screen().find(selectorOrNode) : selectorOrNode
    const touch = { identifier: 0, pageX: 100, pageY: 100, clientX: 100, clientY: 100, force: 1 }
    // the tap bubbles: it does something if the element or one of its ancestors binds it
    let listens = false
    for (let n: RNode | null = node; n && !listens; n = n.parent) listens = !!handlerOf(n, 'tap', true)
    if (!listens) throw new Error(`neither ${describeNode(node)} nor an element around it listens to taps in the rendered WXML: WeChat would do nothing`)
    this.dispatch('touchstart', node, { x: 100, y: 100 }, { touches: [touch], changedTouches: [touch] }, true)
    this.dispatch('touchend', node, { x: 100, y: 100 }, { touches: [], changedTouches: [touch] }, true)
    // what the tap's handlers do before their first await runs inside the gesture
    this.tapping = true
    try {
      this.dispatch('tap', node, { x: 100, y: 100 }, {}, true)
    } finally {
      this.tapping = false
    }
  }

  /** typing into an <input>/<textarea>: focus, one input event per character, blur */
  type(selectorOrNode: string | RNode, text: string): void {
    const find = () => (typeof selectorOrNode === 'string' ? this.screen().find(selectorOrNode) : selectorOrNode)
    const node = find()
    if (!['input', 'textarea'].includes(node.tag)) throw new Error(`${describeNode(node)} is not an input`)
    if (!handlerOf(node, 'input', false)) throw new Error(`${describeNode(node)} does not listen to input in the rendered WXML`)
    let value = ''
    this.dispatch('focus', node, { value: String(node.attr.value ?? ''), height: 0 }, {}, false)
    for (const ch of text) {
      value += ch
      // the node is looked up again: a re-render may have replaced it
      const current = typeof selectorOrNode === 'string' ? find() : node
      this.dispatch('input', current, { value, cursor: value.length, keyCode: ch.charCodeAt(0) }, {}, false)
    }
    this.dispatch('blur', typeof selectorOrNode === 'string' ? find() : node, { value, cursor: value.length }, {}, false)
  }

  /** the share panel's "send to a friend": the page's onShareAppMessage answer */
  share(): any {
    const page = this.currentPage
    if (!page || typeof page.onShareAppMessage !== 'function') return undefined
    return this.callHook(page, 'onShareAppMessage', page.route, { from: 'menu', webViewUrl: '' })
  }

  /** WeChat's back gesture / the native back button */
  back(): Promise<void> {
    return this.navigate('navigateBack', { delta: 1 })
  }

  /** opens a page as a link from outside would: a fresh stack */
  async reLaunch(url: string): Promise<void> {
    await this.navigate('reLaunch', { url: url.startsWith('/') ? url : `/${url}` })
  }

  // ------------------------------------------------------------------ internals: pages

  /**
   * A page url as WeChat's route APIs read it (`viaRouteApi`), or as a launch or share path.
   * Values are not decoded (pages decode what they encoded). Two quirks reported on WeChat's
   * developer community are kept, since code that trips on them breaks only there: a value is cut
   * at a second '=' (`a=3==x` gives '3'), and a key without '=' reads 'undefined' when the url went
   * through navigateTo/redirectTo/reLaunch ('' from a launch or share path).
   */
  private parseUrl(url: string, from: string | null, viaRouteApi = false): { route: string; query: Record<string, string> } {
    const [p, qs = ''] = String(url).split('?')
    let route = p.startsWith('/') ? p.slice(1) : from ? path.posix.join(path.posix.dirname(from), p) : p
    route = path.posix.normalize(route).replace(/\.html$/, '')
    const query: Record<string, string> = {}
    for (const pair of qs.split('&')) {
      if (!pair) continue
      const [key, value] = pair.split('=')
      query[key] = value ?? (viaRouteApi ? 'undefined' : '')
    }
    return { route, query }
  }

  protected async navigate(kind: NavKind, o: any): Promise<void> {
    this.pendingNavigations++
    this.touch()
    try {
      // WeChat switches pages after the call has returned
      await sleep(0)
      if (this.disposed) throw new Error('the app was closed')
      if (kind === 'switchTab') throw new Error('can not switch to no-tabBar page')
      if (kind === 'navigateBack') {
        if (this.stack.length <= 1) throw new Error('cannot navigate back at first page.')
        const n = Math.min(Math.max(1, Number(o?.delta ?? 1)), this.stack.length - 1)
        for (let i = 0; i < n; i++) this.unloadTop()
        const top = this.currentPage!
        this.callHook(top, 'onShow', top.route)
        return
      }
      if (!o?.url) throw new Error('parameter error: parameter.url should be String')
      const { route, query } = this.parseUrl(o.url, this.currentPage?.route ?? null, true)
      if (!this.isRegistered(route)) throw new Error(`page "${route}" is not found`)
      this.ensurePackageOf(route)
      if (!this.pageDefs.has(route)) throw new Error(`page "${route}" failed to load: ${this.failedPages.get(route) ?? 'no Page()'}`)
      if (kind === 'navigateTo') {
        if (this.stack.length >= PAGE_STACK_LIMIT) throw new Error('webview count limit exceed')
        const top = this.currentPage
        if (top) this.callHook(top, 'onHide', top.route)
      } else if (kind === 'redirectTo') {
        this.unloadTop()
      } else {
        while (this.stack.length) this.unloadTop()
      }
      this.openPage(route, query)
    } catch (e) {
      this.notes.push(`[${this.currentRoute}] ${kind}(${o?.url ?? o?.delta ?? ''}) failed: ${(e as Error).message}`)
      throw e
    } finally {
      this.pendingNavigations--
      this.touch()
    }
  }

  private openPage(route: string, query: Record<string, string>): void {
    const def = this.pageDefs.get(route)
    const page: any = {}
    for (const [k, v] of Object.entries(def)) page[k] = typeof v === 'function' ? v : clone(v)
    page.data = clone(def.data ?? {})
    page.route = route
    page.__route__ = route
    page.options = { ...query }
    page.is = route
    page.__wxWebviewId__ = this.nextWebviewId++
    page.__wxExparserNodeId__ = `harness-${page.__wxWebviewId__}`
    page.setData = (data: Record<string, unknown>, cb?: () => void) => this.setData(page, data, cb)
    page.selectComponent = () => null
    page.selectAllComponents = () => []
    page.createSelectorQuery = () => this.wx.createSelectorQuery()
    page.createIntersectionObserver = () => this.wx.createIntersectionObserver()
    page.getOpenerEventChannel = () => ({ emit: () => undefined, on: () => undefined, once: () => undefined, off: () => undefined })
    this.stack.push(page)
    this.touch()
    this.callHook(page, 'onLoad', route, { ...query })
    this.callHook(page, 'onShow', route)
    // onReady: after the first render of the page
    this.setTimer(
      () => {
        if (this.stack.includes(page)) this.callHook(page, 'onReady', route)
      },
      0,
      false,
      'onReady',
    )
  }

  private unloadTop(): void {
    const page = this.stack.pop()
    if (page) this.callHook(page, 'onUnload', page.route)
    this.touch()
  }

  private setData(page: PageInstance, patch: Record<string, unknown>, cb?: () => void): void {
    if (!patch || typeof patch !== 'object' || Array.isArray(patch)) throw new Error('setData: data should be an object')
    const json = JSON.stringify(patch)
    if (Buffer.byteLength(json) > SETDATA_LIMIT_BYTES) {
      this.problem('setData', `setData of ${Math.round(Buffer.byteLength(json) / 1024)} KB: WeChat refuses more than 1024 KB`, page.route)
      throw new Error('setData:fail data exceeds 1024KB')
    }
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) this.notes.push(`[${page.route}] setData: field "${key}" set to undefined (WeChat ignores it and warns)`)
    }
    const copied = JSON.parse(json)
    for (const [key, value] of Object.entries(copied)) setPath(page.data, parsePath(key), value)
    this.touch()
    if (typeof cb === 'function') this.setTimer(() => cb.call(page), 0, false, 'setData callback')
  }

  private dispatch(type: string, target: RNode, detail: any, extra: Record<string, unknown>, bubbles: boolean): void {
    const page = this.currentPage
    if (!page) throw new Error('no page is open')
    const now = Date.now()
    const describe = (n: RNode) => ({ id: n.attr.id ?? '', dataset: datasetOf(n), offsetLeft: 0, offsetTop: 0 })
    for (let node: RNode | null = target; node; node = bubbles ? node.parent : null) {
      const h = handlerOf(node, type, true)
      if (h) {
        const method = page[h.name]
        if (typeof method !== 'function') {
          this.problem('error', `${describeNode(node)} binds ${type} to "${h.name}", which the page does not have`, page.route)
        } else {
          const event = { type, timeStamp: now, target: describe(target), currentTarget: describe(node), detail: { ...detail }, mark: {}, mut: false, ...extra }
          this.touch()
          this.guard(() => method.call(page, event), `${type} handler`)
        }
        if (h.catch) break
      }
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}
