/* eslint-disable @typescript-eslint/no-explicit-any -- page instances, Page()/App() objects and events are WeChat's loosely typed objects shared with compiled code */
/**
 * Runs dist/weapp the way WeChat's logic layer (AppService) does, in one Node `vm` context:
 *
 *  - the context has ECMAScript's built-ins, timers and console, plus WeChat's globals: `wx`,
 *    `App`, `Page`, `Component`, `Behavior`, `getApp`, `getCurrentPages`. It has no `window`,
 *    `document`, `navigator`, `location`, `fetch`, `URL`, `process` or `Buffer` (WeChat's logic
 *    layer is not a browser): page code that reaches for one fails with a ReferenceError;
 *  - each file is a module with its own `require`, `module` and `exports`, loaded like WeChat
 *    loads it: app.js first (it requires the runtime, taro, vendors and common chunks), then the
 *    main package's components and pages (Page() registers each), a subpackage's pages when it is
 *    first entered;
 *  - a page stack with WeChat's lifecycle order (onLoad → onShow → onReady; onHide when covered;
 *    onUnload when redirected away or popped) and WeChat's navigation rules (10 pages at most,
 *    no tabBar so switchTab fails, unknown pages fail);
 *  - setData applies path keys ("root.cn.[0].cn.[1].v") to the page's data, copying values
 *    through JSON as the bridge to the render layer does, and refuses payloads over 1 MB;
 *  - taps and inputs are WeChat events built from the rendered WXML (render.ts) and delivered to
 *    the handler named in the element's bind/catch attribute, bubbling as WeChat bubbles them.
 *
 * Taro's weapp build hands H5-style code a stand-in `window`/`document`/`navigator`/`location`/
 * `history` from @tarojs/runtime (webpack ProvidePlugin), so `window.location` in page code does
 * not throw on a phone: it reads Taro's fake. The harness intercepts those stand-ins where the
 * runtime module defines them (webpack's `d` helper) and hands app code a tripwire instead: any
 * use by code in app.js, common.js, a page or a component chunk is reported with the page and
 * the code position, and throws. Library chunks (taro.js, vendors.js) keep the real stand-ins:
 * zustand and React probe them on purpose.
 */
import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { DIST } from './paths'
import { DEFAULT_DEVICE, type Device } from './device'
import { createWx, type Answers, type NavKind, type WxCall, type WxHost } from './wx'
import { RenderLayer, type Screen, type RNode } from './render'

export type ProblemKind =
  | 'load' // a page or chunk threw while being evaluated, or did not call Page()
  | 'error' // an exception in a lifecycle, event handler, timer or callback; an unhandled rejection; console.error
  | 'window' // app code used window/document/navigator/location/history
  | 'request' // a request the phone would refuse, or a transport/HTTP error
  | 'render' // the WXML templates could not render the page's data
  | 'unsimulated' // a wx API the harness does not simulate
  | 'storage'
  | 'setData'
  | 'navigation'

export interface Problem {
  kind: ProblemKind
  /** route of the page it happened on ('app' before any page) */
  page: string
  message: string
}

interface AppJson {
  pages: string[]
  subPackages?: Array<{ root: string; pages: string[] }>
  subpackages?: Array<{ root: string; pages: string[] }>
  tabBar?: unknown
}

export interface PageInstance {
  route: string
  options: Record<string, string>
  data: any
  setData(data: Record<string, unknown>, cb?: () => void): void
  [k: string]: any
}

/** names Taro's ProvidePlugin takes from @tarojs/runtime for H5-style code */
const STAND_INS = ['window', 'document', 'navigator', 'location', 'history'] as const
/** chunks of libraries, not of the app: they get the real stand-ins */
const LIBRARY_CHUNK = /(^|\/)(runtime|taro|vendors|sub-vendors)\.js$/
/**
 * Known library probes of a stand-in from modules that Taro bundles into app.js (libraries used
 * only by the app entry land there, not in vendors.js). Each is a feature test, guarded, and
 * harmless on WeChat. Keyed by `<stand-in>.<property>`.
 */
const KNOWN_LIBRARY_PROBES: Record<string, string> = {
  'navigator.scheduling': "React's scheduler tests for navigator.scheduling.isInputPending",
}

const PAGE_STACK_LIMIT = 10
const SETDATA_LIMIT_BYTES = 1024 * 1024

export interface MiniProgramOptions {
  /** origin of the running API server (http://127.0.0.1:PORT) */
  apiOrigin: string
  dist?: string
  device?: Device
  /** print console output of the app */
  verbose?: boolean
}

interface ModuleRecord {
  exports: any
}

export class MiniProgram {
  readonly dist: string
  readonly appJson: AppJson
  readonly problems: Problem[] = []
  readonly notes: string[] = []
  readonly calls: WxCall[] = []
  readonly answers: Answers = { modal: [], scanCode: [], payment: [], actionSheet: [], files: [] }
  readonly ui: WxHost['ui'] = { toast: null, loading: null, modal: null }
  readonly stack: PageInstance[] = []
  readonly device: Device
  readonly wx: Record<string, any>

  private readonly ctx: vm.Context
  private readonly render: RenderLayer
  private readonly modules = new Map<string, ModuleRecord>()
  private readonly pageDefs = new Map<string, any>()
  private readonly componentDefs = new Map<string, any>()
  private readonly loadedPackages = new Set<string>()
  private readonly failedPages = new Map<string, string>()
  private readonly timers = new Map<number, NodeJS.Timeout>()
  private nextTimerId = 1
  private nextWebviewId = 1
  private appDef: any = null
  private app: any = null
  /** the file whose top-level code is running: Page() and Component() belong to it */
  private loadingFile: string | null = null
  private inflight = 0
  private pendingNavigations = 0
  private lastActivity = Date.now()
  private launchOptions: any = null
  private readonly verbose: boolean
  /** rejections of the app's promises (made in its context) are the app's; any other is the harness's own */
  private readonly onRejection = (reason: unknown, promise: Promise<unknown>) => {
    if (promise instanceof this.contextPromise) this.scriptError(reason, 'unhandled promise rejection')
    else if (!this.disposed) this.problems.push({ kind: 'error', page: 'harness', message: `unhandled rejection in the harness: ${describeError(reason, this.dist)}` })
  }
  private readonly contextPromise: PromiseConstructor
  private disposed = false
  /** how many stand-ins got a tripwire (0 would mean the detection silently stopped working) */
  standInsGuarded = 0

  constructor(private readonly opts: MiniProgramOptions) {
    this.dist = opts.dist ?? DIST
    this.device = opts.device ?? { ...DEFAULT_DEVICE }
    this.verbose = !!opts.verbose
    this.appJson = JSON.parse(fs.readFileSync(path.join(this.dist, 'app.json'), 'utf8'))
    this.render = new RenderLayer(this.dist)
    this.wx = createWx(this.host())
    this.installStandInTripwire()
    this.ctx = vm.createContext(this.globals(), { name: 'AppService' })
    this.contextPromise = vm.runInContext('Promise', this.ctx)
    process.on('unhandledRejection', this.onRejection)
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

  get currentPage(): PageInstance | undefined {
    return this.stack[this.stack.length - 1]
  }

  get currentRoute(): string {
    return this.currentPage?.route ?? 'app'
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
    this.dispatch('tap', node, { x: 100, y: 100 }, {}, true)
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

  // ------------------------------------------------------------------ internals: globals

  private host(): WxHost {
    return {
      device: this.device,
      apiOrigin: this.opts.apiOrigin,
      later: (fn, ms = 0) => void this.setTimer(fn, ms, false, 'callback'),
      record: (call) => {
        if (process.env.WEAPP_TRACE) process.stderr.write(`[trace ${Date.now() % 100000}] ${call.api} ${JSON.stringify(call.args).slice(0, 90)}\n`)
        this.touch()
        this.calls.push({ ...call, page: this.currentRoute })
      },
      problem: (kind, message) => this.problem(kind, message),
      navigate: (kind, o) => this.navigate(kind, o),
      requestStarted: () => {
        this.inflight++
        this.touch()
      },
      requestEnded: () => {
        this.inflight--
        this.touch()
      },
      answers: this.answers,
      launchOptions: () => clone(this.launchOptions),
      ui: this.ui,
      clipboard: '',
    }
  }

  private globals(): Record<string, unknown> {
    const log = (level: 'log' | 'info' | 'debug' | 'warn' | 'error') => (...args: unknown[]) => {
      // an error is shown as its message and its position in the mini-program's files
      const text = args.map((a) => (a && typeof a === 'object' && 'stack' in a ? describeError(a, this.dist) : typeof a === 'string' ? a : safeJson(a))).join(' ')
      if (level === 'error') this.problem('error', `console.error: ${text}`)
      else if (level === 'warn') this.notes.push(`[${this.currentRoute}] console.warn: ${text}`)
      if (this.verbose) process.stderr.write(`[weapp ${level}] ${text}\n`)
    }
    return {
      console: { log: log('log'), info: log('info'), debug: log('debug'), warn: log('warn'), error: log('error'), trace: log('debug'), group: log('log'), groupEnd: () => undefined, time: () => undefined, timeEnd: () => undefined },
      setTimeout: (fn: any, ms?: number, ...args: unknown[]) => this.setTimer(() => fn(...args), ms ?? 0, false, 'setTimeout'),
      setInterval: (fn: any, ms?: number, ...args: unknown[]) => this.setTimer(() => fn(...args), ms ?? 0, true, 'setInterval'),
      clearTimeout: (id: number) => this.clearTimer(id),
      clearInterval: (id: number) => this.clearTimer(id),
      wx: this.wx,
      App: (def: any) => {
        if (this.loadingFile !== 'app.js') throw new Error('App() must be called in app.js')
        if (this.appDef) throw new Error('App() has been called twice')
        this.appDef = def
      },
      Page: (def: any) => {
        const route = (this.loadingFile ?? '').replace(/\.js$/, '')
        if (!this.isRegistered(route)) throw new Error(`Page "${route}" has not been declared in app.json`)
        if (this.pageDefs.has(route)) throw new Error(`Page "${route}" has been registered twice`)
        this.pageDefs.set(route, def)
      },
      Component: (def: any) => {
        this.componentDefs.set((this.loadingFile ?? '').replace(/\.js$/, ''), def)
      },
      Behavior: (def: any) => def,
      getApp: () => this.app,
      getCurrentPages: () => this.stack.slice(),
      requirePlugin: (name: string) => {
        throw new Error(`plugin "${name}" is not defined`)
      },
    }
  }

  private setTimer(fn: () => void, ms: number, repeat: boolean, label: string): number {
    if (this.disposed) return 0
    const id = this.nextTimerId++
    const run = () => {
      if (!repeat) this.timers.delete(id)
      this.guard(fn, label)
    }
    const h = repeat ? setInterval(run, Math.max(1, ms)) : setTimeout(run, Math.max(0, ms))
    this.timers.set(id, h)
    return id
  }

  private clearTimer(id: number): void {
    const h = this.timers.get(id)
    if (h) {
      clearTimeout(h)
      this.timers.delete(id)
    }
  }

  // ------------------------------------------------------------------ internals: modules

  /** evaluates a file of dist/weapp once, as WeChat's module loader does */
  private loadModule(file: string): any {
    const rel = path.posix.normalize(file.endsWith('.js') ? file : `${file}.js`)
    const cached = this.modules.get(rel)
    if (cached) return cached.exports
    const abs = path.join(this.dist, rel)
    if (!fs.existsSync(abs)) throw new Error(`module "${rel}" is not defined`)
    const source = fs.readFileSync(abs, 'utf8')
    const fn = vm.runInContext(`(function (require, module, exports) {\n${source}\n})`, this.ctx, { filename: abs, lineOffset: -1 })
    const mod: ModuleRecord = { exports: {} }
    this.modules.set(rel, mod)
    const localRequire = (p: string) => this.loadModule(path.posix.join(path.posix.dirname(rel), p))
    const previous = this.loadingFile
    this.loadingFile = rel
    try {
      fn.call(undefined, localRequire, mod, mod.exports)
    } finally {
      this.loadingFile = previous
    }
    return mod.exports
  }

  /** WeChat injects every file of a package when the package is first used */
  private loadPackage(root: string): void {
    if (this.loadedPackages.has(root)) return
    this.loadedPackages.add(root)
    const pages = root === '' ? this.appJson.pages : (this.subPackages().find((s) => s.root === root)?.pages ?? []).map((p) => `${root}/${p}`)
    for (const route of pages) {
      for (const comp of this.componentsOf(route)) {
        this.tryLoad(comp, route)
        // WeChat refuses to open a page whose component file did not register itself
        if (!this.componentDefs.has(comp) && !this.failedPages.has(route)) {
          this.failedPages.set(route, `component ${comp} did not call Component()`)
          this.problem('load', `${comp}.js (used by ${route}) did not call Component()`, route)
        }
      }
      if (!this.failedPages.has(route)) this.tryLoad(route, route)
      if (!this.failedPages.has(route) && !this.pageDefs.has(route)) {
        this.failedPages.set(route, 'did not call Page()')
        this.problem('load', `${route}.js did not call Page()`, route)
      }
    }
  }

  private tryLoad(file: string, route: string): void {
    try {
      this.loadModule(file)
    } catch (e) {
      this.failedPages.set(route, describeError(e, this.dist))
      this.problem('load', `${file}.js threw while loading: ${describeError(e, this.dist)}`, route)
    }
  }

  /** custom components a page uses (usingComponents), as dist-relative paths */
  private componentsOf(route: string): string[] {
    const jsonFile = path.join(this.dist, `${route}.json`)
    if (!fs.existsSync(jsonFile)) return []
    const json = JSON.parse(fs.readFileSync(jsonFile, 'utf8'))
    return Object.values<string>(json.usingComponents ?? {}).map((p) =>
      p.startsWith('/') ? p.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(route), p)),
    )
  }

  private subPackages(): Array<{ root: string; pages: string[] }> {
    return this.appJson.subPackages ?? this.appJson.subpackages ?? []
  }

  private packageOf(route: string): string | null {
    if (this.appJson.pages.includes(route)) return ''
    const sub = this.subPackages().find((s) => route.startsWith(`${s.root}/`) && s.pages.includes(route.slice(s.root.length + 1)))
    return sub ? sub.root : null
  }

  private isRegistered(route: string): boolean {
    return this.packageOf(route) !== null
  }

  private ensurePackageOf(route: string): void {
    const root = this.packageOf(route)
    if (root !== null) this.loadPackage(root)
  }

  // ------------------------------------------------------------------ internals: the stand-in tripwire

  /**
   * Webpack's chunk loader reads `wx.webpackJsonp`; the harness wraps every module factory that
   * passes through it so that the module of @tarojs/runtime defines its exports through the
   * harness (webpack's `d`), which then wraps the stand-in getters.
   */
  private installStandInTripwire(): void {
    const wrapped = new WeakSet<object>()
    const guard = (getters: Record<string, () => unknown>) => {
      for (const name of STAND_INS) getters[name] = this.standInGetter(name, getters[name])
      this.standInsGuarded += STAND_INS.length
    }
    const wrapChunk = (chunk: any) => {
      const modules = chunk?.[1]
      if (!modules || wrapped.has(modules)) return
      wrapped.add(modules)
      for (const id of Object.keys(modules)) {
        const factory = modules[id]
        modules[id] = function (this: unknown, module: any, exports: any, req: any) {
          const proxied = new Proxy(req, {
            get(target, prop, receiver) {
              if (prop !== 'd') return Reflect.get(target, prop, receiver)
              return (exp: any, getters: Record<string, () => unknown>) => {
                if (STAND_INS.every((n) => typeof getters?.[n] === 'function')) guard(getters)
                return target.d(exp, getters)
              }
            },
          })
          return factory.call(this, module, exports, proxied)
        }
      }
    }
    const queue: any[] = []
    let runtimePush: ((...chunks: any[]) => number) | null = null
    const beforeRuntime = (...chunks: any[]) => {
      chunks.forEach(wrapChunk)
      return Array.prototype.push.apply(queue, chunks)
    }
    const afterRuntime = (...chunks: any[]) => {
      chunks.forEach(wrapChunk)
      return runtimePush!(...chunks)
    }
    // runtime.js does `e = wx.webpackJsonp || []; e.forEach(install); e.push = install.bind(null, e.push.bind(e))`
    Object.defineProperty(queue, 'push', {
      configurable: true,
      get: () => (runtimePush ? afterRuntime : beforeRuntime),
      set: (fn) => {
        runtimePush = fn
      },
    })
    this.wx.webpackJsonp = queue
  }

  private standInGetter(name: string, original: () => unknown): () => unknown {
    const dist = this.dist
    const tripwire = (v: unknown) => this.tripwire(name, v)
    // a named function: the stack is read from just above it
    return function standIn() {
      const value = original()
      const caller = callerOf(standIn, dist)
      if (!caller || LIBRARY_CHUNK.test(caller.file)) return value
      return tripwire(value)
    }
  }

  private tripwire(name: string, value: unknown): unknown {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value
    const dist = this.dist
    const report = (message: string) => this.problem('window', message)
    const note = (message: string) => this.notes.includes(message) || this.notes.push(message)
    const trap = (op: string) =>
      function trapped(target: any, prop: PropertyKey, ...rest: unknown[]): any {
        const key = `${name}.${String(prop)}`
        const where = callerOf(trapped, dist)
        if (KNOWN_LIBRARY_PROBES[key]) {
          note(`allowed: ${KNOWN_LIBRARY_PROBES[key]}${where ? ` (${where.file}:${where.line}:${where.column})` : ''}`)
          return (Reflect as any)[op](target, prop, ...rest)
        }
        const at = where ? ` at ${where.file}:${where.line}:${where.column}${where.snippet ? ` (…${where.snippet}…)` : ''}` : ''
        report(`${op === 'get' ? 'read' : op} of ${key} by app code${at}: the mini-program has no ${name}`)
        throw new ReferenceError(`${key}: ${name} does not exist in the WeChat mini-program (only Taro's stand-in)`)
      }
    return new Proxy(value as object, {
      get: trap('get'),
      set: trap('set'),
      has: trap('has'),
      deleteProperty: trap('deleteProperty'),
      defineProperty: trap('defineProperty'),
      getOwnPropertyDescriptor: trap('getOwnPropertyDescriptor'),
    })
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

  private async navigate(kind: NavKind, o: any): Promise<void> {
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
    this.setTimer(() => {
      if (this.stack.includes(page)) this.callHook(page, 'onReady', route)
    }, 0, false, 'onReady')
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

  private callHook(target: any, name: string, owner: string, ...args: unknown[]): any {
    const fn = target?.[name]
    if (typeof fn !== 'function') return undefined
    if (process.env.WEAPP_TRACE) process.stderr.write(`[trace ${Date.now() % 100000}] ${owner}.${name}\n`)
    this.touch()
    try {
      return fn.apply(target, args)
    } catch (e) {
      this.scriptError(e, `${name}`, owner)
      return undefined
    }
  }

  // ------------------------------------------------------------------ internals: reporting

  private guard(fn: () => void, label: string): void {
    try {
      fn()
    } catch (e) {
      this.scriptError(e, label)
    }
  }

  private scriptError(e: unknown, label: string, owner?: string): void {
    if (this.disposed) return
    this.problem('error', `${label}: ${describeError(e, this.dist)}`, owner)
    // WeChat hands script errors to App.onError as well
    if (this.app && typeof this.app.onError === 'function' && label !== 'App.onError') {
      try {
        this.app.onError(e instanceof Error ? `${e.message}\n${e.stack}` : String(e))
      } catch {
        // an error in the error handler is not reported twice
      }
    }
  }

  problem(kind: ProblemKind, message: string, page?: string): void {
    const where = page ?? (this.loadingFile && this.loadingFile !== 'app.js' && !LIBRARY_CHUNK.test(this.loadingFile) && this.loadingFile !== 'common.js' ? this.loadingFile.replace(/\.js$/, '') : this.currentRoute)
    this.problems.push({ kind, page: where, message })
  }

  private touch(): void {
    this.lastActivity = Date.now()
  }
}

// ---------------------------------------------------------------------- helpers

export function parsePath(key: string): Array<string | number> {
  const out: Array<string | number> = []
  const re = /\[(\d+)\]|([^.[\]]+)/g
  let m: RegExpExecArray | null
  while ((m = re.exec(key))) out.push(m[1] !== undefined ? Number(m[1]) : m[2])
  return out
}

/** WeChat's setData path semantics: missing containers are created, arrays for [n] */
export function setPath(root: any, keys: Array<string | number>, value: unknown): void {
  let obj = root
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i]
    if (obj[k] === null || typeof obj[k] !== 'object') obj[k] = typeof keys[i + 1] === 'number' ? [] : {}
    obj = obj[k]
  }
  obj[keys[keys.length - 1]] = value
}

function handlerOf(node: RNode, type: string, allowCatch: boolean): { name: string; catch: boolean } | null {
  const a = node.attr
  const c = allowCatch ? a[`catch${type}`] ?? a[`catch:${type}`] : undefined
  if (typeof c === 'string' && c) return { name: c, catch: true }
  const b = a[`bind${type}`] ?? a[`bind:${type}`]
  if (typeof b === 'string' && b) return { name: b, catch: false }
  return null
}

function datasetOf(node: RNode): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(node.attr)) {
    if (k.startsWith('data-')) out[k.slice(5).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = v
  }
  return out
}

export function describeNode(n: RNode): string {
  const cls = typeof n.attr.class === 'string' && n.attr.class.trim() ? `.${n.attr.class.trim().split(/\s+/).join('.')}` : ''
  return `<${n.tag}${cls}>`
}

function clone<T>(v: T): T {
  return v === undefined ? v : JSON.parse(JSON.stringify(v))
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v)
  } catch {
    return String(v)
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}

interface CodePosition {
  file: string
  line: number
  column: number
  snippet?: string
}

const sourceCache = new Map<string, string[]>()

/** the first stack frame above `fn` that is a file of the mini-program */
function callerOf(fn: (...args: any[]) => unknown, dist: string): CodePosition | null {
  const holder: { stack?: string } = {}
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 5
  Error.captureStackTrace(holder, fn)
  Error.stackTraceLimit = limit
  for (const line of (holder.stack ?? '').split('\n').slice(1)) {
    const pos = positionIn(line, dist)
    if (pos) return pos
  }
  return null
}

function positionIn(frame: string, dist: string): CodePosition | null {
  const m = /\(?([^\s()]+):(\d+):(\d+)\)?\s*$/.exec(frame)
  if (!m || !m[1].startsWith(dist + path.sep)) return null
  const file = path.relative(dist, m[1]).split(path.sep).join('/')
  const line = Number(m[2])
  const column = Number(m[3])
  let lines = sourceCache.get(m[1])
  if (!lines) {
    lines = fs.existsSync(m[1]) ? fs.readFileSync(m[1], 'utf8').split('\n') : []
    sourceCache.set(m[1], lines)
  }
  const text = lines[line - 1] ?? ''
  const snippet = text.slice(Math.max(0, column - 40), column + 40)
  return { file, line, column, snippet }
}

/** an error's message and the first position in the mini-program's files */
export function describeError(e: unknown, dist: string): string {
  // errors made inside the vm context are not instances of this realm's Error
  if (typeof e !== 'object' || e === null || !('message' in e)) return String(e)
  const err = e as Error
  const frames = String(err.stack ?? '').split('\n').slice(1)
  let where = ''
  for (const f of frames) {
    const pos = positionIn(f, dist)
    if (pos) {
      where = ` (at ${pos.file}:${pos.line}:${pos.column})`
      break
    }
  }
  return `${err.name ?? 'Error'}: ${err.message}${where}`
}
