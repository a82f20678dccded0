/* eslint-disable @typescript-eslint/no-explicit-any -- webpack's chunks, modules and require are untyped objects of the compiled code */
/**
 * Taro's weapp build hands H5-style code a stand-in `window`/`document`/`navigator`/`location`/
 * `history` from @tarojs/runtime (webpack ProvidePlugin), so `window.location` in page code does
 * not throw on a phone: it reads Taro's fake. The harness intercepts those stand-ins where the
 * runtime module defines them (webpack's `d` helper) and hands app code a tripwire instead: any
 * use by code in app.js, common.js, a page or a component chunk is reported with the page and
 * the code position, and throws. Library chunks (taro.js, vendors.js) keep the real stand-ins:
 * zustand and React probe them on purpose.
 */
import { callerOf } from './code-position'

/** names Taro's ProvidePlugin takes from @tarojs/runtime for H5-style code */
const STAND_INS = ['window', 'document', 'navigator', 'location', 'history'] as const
/** chunks of libraries, not of the app: they get the real stand-ins */
export const LIBRARY_CHUNK = /(^|\/)(runtime|taro|vendors|sub-vendors)\.js$/
/**
 * Known library probes of a stand-in from modules that Taro bundles into app.js (libraries used
 * only by the app entry land there, not in vendors.js). Each is a feature test, guarded, and
 * harmless on WeChat. Keyed by `<stand-in>.<property>`.
 */
const KNOWN_LIBRARY_PROBES: Record<string, string> = {
  'navigator.scheduling': "React's scheduler tests for navigator.scheduling.isInputPending",
}

/** what the tripwire needs of the mini-program it guards */
export interface TripwireHost {
  /** the `wx` object the app's chunks are pushed onto (wx.webpackJsonp) */
  wx: Record<string, any>
  dist: string
  /** reports a use of a stand-in by app code (a 'window' problem) */
  problem(message: string): void
  /** where allowed library probes are noted, once each */
  notes: string[]
  /** counts the stand-ins given a tripwire (0 would mean the detection silently stopped working) */
  guarded(count: number): void
}

/**
 * Webpack's chunk loader reads `wx.webpackJsonp`; the harness wraps every module factory that
 * passes through it so that the module of @tarojs/runtime defines its exports through the
 * harness (webpack's `d`), which then wraps the stand-in getters.
 */
export function installStandInTripwire(host: TripwireHost): void {
  const wrapped = new WeakSet<object>()
  const guard = (getters: Record<string, () => unknown>) => {
    for (const name of STAND_INS) getters[name] = standInGetter(host, name, getters[name])
    host.guarded(STAND_INS.length)
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
  host.wx.webpackJsonp = queue
}

function standInGetter(host: TripwireHost, name: string, original: () => unknown): () => unknown {
  const dist = host.dist
  const trip = (v: unknown) => tripwire(host, name, v)
  // a named function: the stack is read from just above it
  return function standIn() {
    const value = original()
    const caller = callerOf(standIn, dist)
    if (!caller || LIBRARY_CHUNK.test(caller.file)) return value
    return trip(value)
  }
}

function tripwire(host: TripwireHost, name: string, value: unknown): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value
  const dist = host.dist
  const report = (message: string) => host.problem(message)
  const note = (message: string) => host.notes.includes(message) || host.notes.push(message)
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
