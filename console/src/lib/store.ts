/** The console's state: who is logged in (kept across reloads) and the language (Chinese unless chosen). */
import { create } from 'zustand'
import type { StaffProfile } from '@contracts/admin/staff'
import type { Lang } from '@contracts/messages'

const TOKEN_KEY = 'console.token'
const LANG_KEY = 'console.lang'

interface ConsoleState {
  token: string | null
  profile: StaffProfile | null
  lang: Lang
  /** why the last session ended without a logout (expired, ended elsewhere): the login page says it */
  endedBecause: string | null
  signIn(token: string, profile: StaffProfile): void
  setProfile(profile: StaffProfile): void
  signOut(endedBecause?: string): void
  setLang(lang: Lang): void
}

const storedLang = (): Lang => (localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'zh')

export const useConsole = create<ConsoleState>((set) => ({
  token: localStorage.getItem(TOKEN_KEY),
  profile: null,
  lang: storedLang(),
  endedBecause: null,
  signIn(token, profile) {
    localStorage.setItem(TOKEN_KEY, token)
    set({ token, profile, endedBecause: null })
  },
  setProfile: (profile) => set({ profile }),
  signOut(endedBecause) {
    localStorage.removeItem(TOKEN_KEY)
    set({ token: null, profile: null, endedBecause: endedBecause ?? null })
  },
  setLang(lang) {
    localStorage.setItem(LANG_KEY, lang)
    document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN'
    set({ lang })
  },
}))

export const consoleState = () => useConsole.getState()
