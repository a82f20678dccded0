/** The console's texts in the chosen language: `const t = useT(); t('login.title')`. */
import { useCallback } from 'react'
import { zh, type TextKey } from '../locales/zh'
import { en } from '../locales/en'
import { useConsole } from './store'

export type { TextKey }
export type Translate = (key: TextKey, params?: Record<string, string | number>) => string

const TEXTS = { zh, en }

export function useT(): Translate {
  const lang = useConsole((s) => s.lang)
  return useCallback<Translate>(
    (key, params) => {
      const text: string = TEXTS[lang][key]
      return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text
    },
    [lang],
  )
}
