import Taro from '@tarojs/taro'
import { useAppStore, appState, type Language } from '@/store'
import zhCN from '@/locales/zh-CN'
import en from '@/locales/en'
import type trainZhCN from '@/locales/train.zh-CN'
import type airZhCN from '@/locales/air.zh-CN'

/**
 * The catalogues on hand: the app's own, plus what a subpackage registers when it loads. The train
 * and air texts are most of the catalogue and only their subpackages show them: loading them with
 * the app would weigh on the mini-program's main package and the H5 first load (issue 15).
 */
const catalogues: Record<Language, Record<string, unknown>> = { zh: { ...zhCN }, en: { ...en } }

/** the namespaces a subpackage adds (src/features/train/i18n.ts, src/features/air/i18n.ts) */
interface Registered {
  train: typeof trainZhCN
  air: typeof airZhCN
}

/** adds a subpackage's texts under `ns`, beside what the app's catalogue already holds there */
export function registerCatalogue<N extends keyof Registered>(ns: N, zh: Registered[N], enTexts: object): void {
  for (const [lang, texts] of [['zh', zh], ['en', enTexts]] as const) {
    catalogues[lang][ns] = { ...(catalogues[lang][ns] as object | undefined), ...texts }
  }
}

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]
type AllTexts = Omit<typeof zhCN, keyof Registered> & { train: typeof zhCN.train & Registered['train']; air: Registered['air'] }
export type MessageKey = Leaves<AllTexts>

/** Chinese unless the device says English (spec §1: Chinese default) */
export function deviceLanguage(): Language {
  let locale = ''
  try {
    locale = process.env.TARO_ENV === 'h5' && typeof navigator !== 'undefined'
      ? navigator.language
      : Taro.getSystemInfoSync().language
  } catch {
    locale = ''
  }
  return /^en/i.test(locale || '') ? 'en' : 'zh'
}

export function currentLanguage(): Language {
  return appState().language ?? deviceLanguage()
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
    const tag = HTML_LANG[currentLanguage()]
    if (document.documentElement.lang !== tag) document.documentElement.lang = tag
  }
  apply()
  return useAppStore.subscribe(apply)
}

export function translate(lang: Language, key: MessageKey, params?: Record<string, string | number>): string {
  let node: unknown = catalogues[lang]
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  const text = typeof node === 'string' ? node : key
  return params ? text.replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m)) : text
}

/** outside React */
export const t = (key: MessageKey, params?: Record<string, string | number>): string =>
  translate(currentLanguage(), key, params)

/** in components: re-renders when the language changes */
export function useI18n(): { t: typeof t; lang: Language } {
  const chosen = useAppStore((s) => s.language)
  const lang = chosen ?? deviceLanguage()
  return { lang, t: (key, params) => translate(lang, key, params) }
}
