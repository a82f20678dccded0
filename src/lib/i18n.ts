import { useSyncExternalStore } from 'react'
import Taro from '@tarojs/taro'
import { useAppStore, appState, type Language } from '@/store'
import zhCN from '@/locales/zh-CN'
import type en from '@/locales/en'
import commonEn from '@/locales/common.en'
import type trainZhCN from '@/locales/train.zh-CN'
import type trainListZhCN from '@/locales/train-list.zh-CN'
import type airZhCN from '@/locales/air.zh-CN'
import type registerZhCN from '@/locales/register.zh-CN'
import type eventdayZhCN from '@/locales/eventday.zh-CN'

/**
 * The catalogues on hand: the app's own, plus what a feature registers when it loads. The train
 * and air texts are most of the catalogue and only their subpackages show them: loading them with
 * the app would weigh on the mini-program's main package and the H5 first load, both under size budgets. The
 * registration and event-day texts likewise load with their features' pages (H5 page chunks), not
 * with the login page every visit starts on.
 */
const catalogues: Record<Language, Record<string, unknown>> = { zh: { ...zhCN }, en: { common: commonEn } }

/**
 * The app's own English texts. H5 production builds ship only Chinese (the default) in the app
 * shell and English as a chunk of its own (~2.5 KiB gzipped of every first load): it is
 * loaded before the first page of an English visit renders (every page's load waits for
 * `languageReady()`, config/taro-plugins/h5-lean/route-table.js; index.html preloads it beside app.js when the stored
 * choice or the browser says English, config/taro-plugins/h5-lean/page-chunk-map.js) and on switching (`switchLanguage`).
 * Once loaded it stays, and the browser keeps the file (hashed, cached a year) for offline visits.
 * The `common` texts (loading, request failures…) stay in the shell in both languages: a request
 * made at launch shows them before any page, so before that chunk may have arrived.
 * The mini-program, development builds and the unit tests have both from the start.
 */
const loadAppEnglish: () => Promise<typeof en> =
  process.env.TARO_ENV === 'h5' && process.env.NODE_ENV === 'production'
    ? () => import(/* webpackChunkName: "i18n-en" */ '@/locales/en').then((m) => m.default)
    : // elsewhere English is bundled and loaded below, before anything asks (no chunk of its own)
      () => Promise.reject(new Error('English is bundled'))

/** the languages whose app texts are in `catalogues` (loading or loaded) */
const loading: Partial<Record<Language, Promise<void>>> = { zh: Promise.resolve() }
/** whether the English app texts are there (always, outside H5 production builds) */
let englishReady = false
/** told when a language's texts arrive: what was drawn in Chinese meanwhile draws again */
const textsListeners = new Set<() => void>()
let textsVersion = 0
const onTexts = (listener: () => void) => {
  textsListeners.add(listener)
  return () => void textsListeners.delete(listener)
}

/** loads a language's app texts once; a failed load (offline) is tried again next time */
export function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'zh') return loading.zh as Promise<void>
  loading.en ??= loadAppEnglish().then(
    (texts) => {
      // what features registered meanwhile goes over the app's texts, as when both load together
      catalogues.en = merged({ ...texts }, catalogues.en)
      englishReady = true
      textsVersion++
      for (const listener of textsListeners) listener()
    },
    (e: unknown) => {
      loading.en = undefined
      throw e
    },
  )
  return loading.en
}

/** resolves when the texts of the language in use are there (at once for Chinese) */
export const languageReady = (): Promise<void> => loadLanguage(currentLanguage())

/**
 * The attendee's choice of language, stored at once (a page opened right after has it); the
 * screen changes when its texts are there. When they cannot load (offline, never loaded) the
 * choice goes back to what it was and the promise rejects.
 */
export async function switchLanguage(lang: Language): Promise<void> {
  const was = appState().language
  appState().setLanguage(lang)
  try {
    await loadLanguage(lang)
  } catch (e) {
    if (appState().language === lang) appState().setLanguage(was ?? deviceLanguage())
    throw e
  }
}

// the same condition written out (webpack drops the branch only for a literal condition)
if (!(process.env.TARO_ENV === 'h5' && process.env.NODE_ENV === 'production')) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a static import would put English back in the H5 shell
  catalogues.en = { ...(require('@/locales/en') as typeof import('@/locales/en')).default }
  loading.en = Promise.resolve()
  englishReady = true
}

/** the namespaces a feature adds (src/features/{train,air,register,eventday}/i18n.ts) */
interface Registered {
  /** in two parts: what the results page shows (train-list.*) and the rest (train.*) */
  train: typeof trainZhCN & typeof trainListZhCN
  air: typeof airZhCN
  register: typeof registerZhCN
  eventday: typeof eventdayZhCN
}

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> }

/** `into` with `texts` added, group by group (two parts of a namespace may each add to one group) */
function merged(into: Record<string, unknown> | undefined, texts: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...into }
  for (const [key, value] of Object.entries(texts)) {
    const had = out[key]
    out[key] = value && typeof value === 'object' && had && typeof had === 'object' ? merged(had as Record<string, unknown>, value as object) : value
  }
  return out
}

/**
 * Adds a feature's texts under `ns`, beside what the app's catalogue already holds there. A
 * namespace may come in parts (train: the results page's texts first, the rest with the other
 * train pages), each registered by the module its pages import.
 */
export function registerCatalogue<N extends keyof Registered, T extends object>(ns: N, zh: T, enTexts: Catalogue<T>): void {
  for (const [lang, texts] of [
    ['zh', zh],
    ['en', enTexts],
  ] as const) {
    catalogues[lang][ns] = merged(catalogues[lang][ns] as Record<string, unknown> | undefined, texts)
  }
}

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]
type AllTexts = Omit<typeof zhCN, keyof Registered> & Omit<Registered, 'train'> & { train: typeof zhCN.train & Registered['train'] }
export type MessageKey = Leaves<AllTexts>

/** Chinese unless the device says English (spec §1: Chinese default) */
export function deviceLanguage(): Language {
  let locale = ''
  try {
    // the platform test alone decides the branch, so the H5 build drops the other one and with it
    // Taro's getSystemInfoSync (and the user-agent parser it loads: ~5 KiB of the first load)
    if (process.env.TARO_ENV === 'h5') locale = typeof navigator !== 'undefined' ? navigator.language : ''
    else locale = Taro.getSystemInfoSync().language
  } catch {
    locale = ''
  }
  return /^en/i.test(locale || '') ? 'en' : 'zh'
}

/** the language chosen (or the device's): what the server is asked to answer in */
export function currentLanguage(): Language {
  return appState().language ?? deviceLanguage()
}

/** the language on screen: the one in use once its texts are there (H5: English loads), until then Chinese */
function shownLanguage(wanted: Language = currentLanguage()): Language {
  return wanted === 'en' && !englishReady ? 'zh' : wanted
}

/** BCP 47 tag of each language, for <html lang> */
export const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en' }

/**
 * H5: `<html lang>` names the language on screen (screen readers choose their voice by it, the
 * browser its fonts and line breaking) and follows every switch. index.html starts with zh-CN, the
 * default. Returns the unsubscribe. The mini-program has no such attribute (and Taro's runtime
 * `document` there is not the page's): nothing happens outside H5.
 */
export function syncDocumentLanguage(): () => void {
  if (process.env.TARO_ENV !== 'h5') return () => undefined
  const apply = () => {
    const tag = HTML_LANG[shownLanguage()]
    if (document.documentElement.lang !== tag) document.documentElement.lang = tag
  }
  apply()
  const offStore = useAppStore.subscribe(apply)
  const offTexts = onTexts(apply)
  return () => {
    offStore()
    offTexts()
  }
}

export function translate(lang: Language, key: MessageKey, params?: Record<string, string | number>): string {
  let node: unknown = catalogues[lang]
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  const text = typeof node === 'string' ? node : key
  return params ? text.replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m)) : text
}

/** outside React */
export const t = (key: MessageKey, params?: Record<string, string | number>): string => translate(shownLanguage(), key, params)

/** in components: re-renders when the language changes */
export function useI18n(): { t: typeof t; lang: Language } {
  const chosen = useAppStore((s) => s.language)
  // drawn again when English arrives
  useSyncExternalStore(onTexts, () => textsVersion)
  const lang = shownLanguage(chosen ?? deviceLanguage())
  return { lang, t: (key, params) => translate(lang, key, params) }
}
