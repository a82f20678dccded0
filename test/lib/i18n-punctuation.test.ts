/**
 * English screens use half-width punctuation: every visible text comes from the catalogues, the
 * English ones hold no full-width punctuation, and no code outside the Chinese catalogues writes any
 * (a "（" around an English text shows as "Add companion（at most 3）").
 */
import fs from 'fs'
import path from 'path'

const SRC = path.resolve(__dirname, '../../src')
const LOCALES = path.join(SRC, 'locales')
const FULL_WIDTH = /[（）：，。；！？、【】《》“”]/

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
}

function stringsOf(value: unknown, at = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]]
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringsOf(v, at ? `${at}.${k}` : k))
  return []
}

describe('half-width punctuation in English', () => {
  const english = fs.readdirSync(LOCALES).filter((f) => f === 'en.ts' || f.endsWith('.en.ts'))

  it('finds the English catalogues', () => {
    expect(english).toEqual(expect.arrayContaining(['en.ts', 'register.en.ts', 'train-list.en.ts', 'air.en.ts']))
  })

  it.each(english)('%s has none', (file) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const catalogue = require(path.join(LOCALES, file)).default
    const found = stringsOf(catalogue).filter(([, text]) => FULL_WIDTH.test(text))
    expect(found).toEqual([])
  })

  it('no code outside the Chinese catalogues writes any (it would show in English too)', () => {
    const offenders = filesUnder(SRC)
      .filter((f) => /\.(tsx?|scss)$/.test(f) && !(path.dirname(f) === LOCALES && /zh-CN\.ts$/.test(f)))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => [`${path.relative(SRC, f)}:${i + 1}`, line] as const)
          .filter(([, line]) => FULL_WIDTH.test(line)),
      )
    expect(offenders).toEqual([])
  })
})
