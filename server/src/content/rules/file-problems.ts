/**
 * The problems of an organiser's JSON file (the registration form, the microsite), each with its
 * place as a path into the file and its text in the reader's language. The command lines print the
 * English; the console shows the path beside the editor and marks the place itself. zod's own
 * messages come from its locale; a checker's own messages are English sentences, turned into
 * Chinese by the checker's table of patterns (one row per sentence it writes).
 */
import { z } from 'zod'
import type { Lang } from '@contracts/messages'

export type FilePath = Array<string | number>
export interface FileProblem {
  path: FilePath
  message: string
}

/** an English sentence of a checker and its Chinese; `$1`… in the Chinese take the pattern's groups */
export type ZhPatterns = ReadonlyArray<readonly [RegExp, string]>

const zhLocale = z.locales.zhCN().localeError

/** the issues' places and texts, in `lang` */
function problemsOf(issues: z.core.$ZodIssue[], lang: Lang, zh: ZhPatterns): FileProblem[] {
  return issues.map((i) => {
    const path = i.path.map((p) => (typeof p === 'number' ? p : String(p)))
    if (lang === 'en') return { path, message: i.message }
    const row = zh.find(([re]) => re.test(i.message))
    return { path, message: row ? i.message.replace(row[0], row[1]) : i.message }
  })
}

/**
 * Parses `input` with `schema`: its data, or every problem in `lang`. zod's built-in messages are
 * asked in Chinese through the parse's own error map, which a checker's own message outranks.
 */
export function checkFile<S extends z.ZodType>(
  schema: S,
  input: unknown,
  lang: Lang,
  zh: ZhPatterns,
): { ok: true; data: z.output<S> } | { ok: false; problems: FileProblem[] } {
  const r = lang === 'zh' ? schema.safeParse(input, { error: (iss) => zhLocale(iss) }) : schema.safeParse(input)
  return r.success ? { ok: true, data: r.data } : { ok: false, problems: problemsOf(r.error.issues, lang, zh) }
}

/** `attendeeTypes[1].fields[3].key`, as the command lines print a place; `(file)` for the whole */
export const pathText = (path: FilePath): string => path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '') || '(file)'
