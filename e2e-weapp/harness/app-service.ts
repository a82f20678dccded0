/* eslint-disable @typescript-eslint/no-explicit-any -- page instances, Page()/App() objects and events are WeChat's loosely typed objects shared with compiled code */
/**
 * WeChat's logic layer (AppService) for dist/weapp, in one Node `vm` context: the globals, the
 * module loader, timers and what counts as a problem. The page stack, navigation and the user's
 * actions are MiniProgram's (miniprogram.ts), built on this.
 *
 *  - the context has ECMAScript's built-ins, timers and console, plus WeChat's globals: `wx`,
 *    `App`, `Page`, `Component`, `Behavior`, `getApp`, `getCurrentPages`. It has no `window`,
 *    `document`, `navigator`, `location`, `fetch`, `URL`, `process` or `Buffer` (WeChat's logic
 *    layer is not a browser): page code that reaches for one fails with a ReferenceError;
 *  - each file is a module with its own `require`, `module` and `exports`, loaded like WeChat
 *    loads it: app.js first (it requires the runtime, taro, vendors and common chunks), then the
 *    main package's components and pages (Page() registers each), a subpackage's pages when it is
 *    first entered;
 *  - Taro's stand-in `window`/`document`… reach app code only through a tripwire (stand-ins.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { DIST } from './paths'
import { DEFAULT_DEVICE, type Device } from './device'
import { createWx, type Answers, type NavKind, type WxCall, type WxHost } from './wx'
import { describeError } from './code-position'
import { clone } from './set-data'
import { installStandInTripwire, LIBRARY_CHUNK } from './stand-ins'

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

export interface AppJson {
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

interface ModuleRecord {
  exports: any
}

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

export abstract class AppService {
  readonly dist: string
  readonly appJson: AppJson
  readonly problems: Problem[] = []
  readonly notes: string[] = []
  readonly calls: WxCall[] = []
  readonly answers: Answers = { modal: [], scanCode: [], payment: [], actionSheet: [], files: [], subscribe: [] }
  /** set by a tap while its handlers run (MiniProgram.tap) */
  protected tapping = false
  readonly ui: WxHost['ui'] = { toast: null, loading: null, modal: null }
  readonly stack: PageInstance[] = []
  readonly device: Device
  readonly wx: Record<string, any>

  private readonly ctx: vm.Context
  private readonly modules = new Map<string, ModuleRecord>()
  protected readonly pageDefs = new Map<string, any>()
  private readonly componentDefs = new Map<string, any>()
  private readonly loadedPackages = new Set<string>()
  protected readonly failedPages = new Map<string, string>()
  protected readonly timers = new Map<number, NodeJS.Timeout>()
  private nextTimerId = 1
  protected appDef: any = null
  protected app: any = null
  /** the file whose top-level code is running: Page() and Component() belong to it */
  private loadingFile: string | null = null
  protected inflight = 0
  protected lastActivity = Date.now()
  protected launchOptions: any = null
  private readonly verbose: boolean
  /** rejections of the app's promises (made in its context) are the app's; any other is the harness's own */
  protected readonly onRejection = (reason: unknown, promise: Promise<unknown>) => {
    if (promise instanceof this.contextPromise) this.scriptError(reason, 'unhandled promise rejection')
    else if (!this.disposed)
      this.problems.push({ kind: 'error', page: 'harness', message: `unhandled rejection in the harness: ${describeError(reason, this.dist)}` })
  }
  private readonly contextPromise: PromiseConstructor
  protected disposed = false
  /** how many stand-ins got a tripwire (0 would mean the detection silently stopped working) */
  standInsGuarded = 0

  constructor(private readonly opts: MiniProgramOptions) {
    this.dist = opts.dist ?? DIST
    this.device = opts.device ?? { ...DEFAULT_DEVICE }
    this.verbose = !!opts.verbose
    this.appJson = JSON.parse(fs.readFileSync(path.join(this.dist, 'app.json'), 'utf8'))
    this.wx = createWx(this.host())
    installStandInTripwire({
      wx: this.wx,
      dist: this.dist,
      problem: (message) => this.problem('window', message),
      notes: this.notes,
      guarded: (count) => {
        this.standInsGuarded += count
      },
    })
    this.ctx = vm.createContext(this.globals(), { name: 'AppService' })
    this.contextPromise = vm.runInContext('Promise', this.ctx)
    process.on('unhandledRejection', this.onRejection)
  }

  /** WeChat's route APIs and the back gesture: the page stack's business (miniprogram.ts) */
  protected abstract navigate(kind: NavKind, o: any): Promise<void>

  get currentPage(): PageInstance | undefined {
    return this.stack[this.stack.length - 1]
  }

  get currentRoute(): string {
    return this.currentPage?.route ?? 'app'
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
      inTap: () => this.tapping,
      launchOptions: () => clone(this.launchOptions),
      ui: this.ui,
      clipboard: '',
    }
  }

  private globals(): Record<string, unknown> {
    const log =
      (level: 'log' | 'info' | 'debug' | 'warn' | 'error') =>
      (...args: unknown[]) => {
        // an error is shown as its message and its position in the mini-program's files
        const text = args
          .map((a) => (a && typeof a === 'object' && 'stack' in a ? describeError(a, this.dist) : typeof a === 'string' ? a : safeJson(a)))
          .join(' ')
        if (level === 'error') this.problem('error', `console.error: ${text}`)
        else if (level === 'warn') this.notes.push(`[${this.currentRoute}] console.warn: ${text}`)
        if (this.verbose) process.stderr.write(`[weapp ${level}] ${text}\n`)
      }
    return {
      console: {
        log: log('log'),
        info: log('info'),
        debug: log('debug'),
        warn: log('warn'),
        error: log('error'),
        trace: log('debug'),
        group: log('log'),
        groupEnd: () => undefined,
        time: () => undefined,
        timeEnd: () => undefined,
      },
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

  protected setTimer(fn: () => void, ms: number, repeat: boolean, label: string): number {
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

  protected clearTimer(id: number): void {
    const h = this.timers.get(id)
    if (h) {
      clearTimeout(h)
      this.timers.delete(id)
    }
  }

  // ------------------------------------------------------------------ internals: modules

  /** evaluates a file of dist/weapp once, as WeChat's module loader does */
  protected loadModule(file: string): any {
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
  protected loadPackage(root: string): void {
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

  protected isRegistered(route: string): boolean {
    return this.packageOf(route) !== null
  }

  protected ensurePackageOf(route: string): void {
    const root = this.packageOf(route)
    if (root !== null) this.loadPackage(root)
  }

  protected callHook(target: any, name: string, owner: string, ...args: unknown[]): any {
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

  // ------------------------------------------------------------------ reporting

  protected guard(fn: () => void, label: string): void {
    try {
      fn()
    } catch (e) {
      this.scriptError(e, label)
    }
  }

  protected scriptError(e: unknown, label: string, owner?: string): void {
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
    const where =
      page ??
      (this.loadingFile && this.loadingFile !== 'app.js' && !LIBRARY_CHUNK.test(this.loadingFile) && this.loadingFile !== 'common.js'
        ? this.loadingFile.replace(/\.js$/, '')
        : this.currentRoute)
    this.problems.push({ kind, page: where, message })
  }

  protected touch(): void {
    this.lastActivity = Date.now()
  }
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v)
  } catch {
    return String(v)
  }
}
