import type { Language } from '@/store'

/** a field kept in both languages, in the attendee's (the other one where it was left empty) */
export const inLanguage = (lang: Language, zh: string, en: string): string => (lang === 'en' ? en || zh : zh || en)
