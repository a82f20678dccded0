/**
 * The console's state: who is logged in (kept across reloads) and the language (Chinese unless
 * chosen). The profile is kept beside the token: a reload with no network opens the check-in desk
 * as the person last loaded it (roles included); online, the server's answer replaces it.
 */
import { create } from 'zustand'
import type { StaffProfile } from '@contracts/admin/staff'
import type { Lang } from '@contracts/messages'

const TOKEN_KEY = 'console.token'
const LANG_KEY = 'console.lang'
const PROFILE_KEY = 'console.profile'

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

/** the profile kept with the token at its last load, for a start with no network */
export function keptProfile(): StaffProfile | null {
  try {
    return JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as StaffProfile | null
  } catch {
    return null
  }
}
const keepProfile = (profile: StaffProfile) => localStorage.setItem(PROFILE_KEY, JSON.stringify(profile))

export const useConsole = create<ConsoleState>((set) => ({
  token: localStorage.getItem(TOKEN_KEY),
  profile: null,
  lang: storedLang(),
  endedBecause: null,
  signIn(token, profile) {
    localStorage.setItem(TOKEN_KEY, token)
    keepProfile(profile)
    set({ token, profile, endedBecause: null })
  },
  setProfile(profile) {
    keepProfile(profile)
    set({ profile })
  },
  signOut(endedBecause) {
    localStorage.removeItem(TOKEN_KEY)
    localStorage.removeItem(PROFILE_KEY)
    set({ token: null, profile: null, endedBecause: endedBecause ?? null })
  },
  setLang(lang) {
    localStorage.setItem(LANG_KEY, lang)
    document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN'
    set({ lang })
  },
}))

export const consoleState = () => useConsole.getState()
