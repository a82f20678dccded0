/**
 * Languages (spec §1, §9): Chinese by default, English when the device says so, the user's choice
 * over both; the two catalogues hold the same keys.
 */
import { currentLanguage, deviceLanguage, translate, t } from '@/lib/i18n'
import { useAppStore } from '@/store'
import zhCN from '@/locales/zh-CN'
import en from '@/locales/en'
import registerZhCN from '@/locales/register.zh-CN'
import registerEn from '@/locales/register.en'
import eventdayZhCN from '@/locales/eventday.zh-CN'
import eventdayEn from '@/locales/eventday.en'
// the catalogues these features register when they load (not with the app)
import '@/features/register/i18n'
import '@/features/eventday/i18n'
import { resetTaroMock, taro } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

let navigatorLanguage: jest.SpyInstance | undefined
function setBrowserLocale(locale: string): void {
  navigatorLanguage?.mockRestore()
  navigatorLanguage = jest.spyOn(window.navigator, 'language', 'get').mockReturnValue(locale)
}

const ORIGINAL_TARO_ENV = process.env.TARO_ENV

beforeEach(() => {
  resetTaroMock()
  resetAppStore()
})
afterEach(() => {
  navigatorLanguage?.mockRestore()
  navigatorLanguage = undefined
  process.env.TARO_ENV = ORIGINAL_TARO_ENV
})

describe('device language', () => {
  it.each([
    ['zh-CN', 'zh'],
    ['zh-TW', 'zh'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['en', 'en'],
    ['EN-us', 'en'],
    ['fr-FR', 'zh'],
    ['ja', 'zh'],
    ['', 'zh'],
  ])('H5: navigator.language %j → %s', (locale, lang) => {
    process.env.TARO_ENV = 'h5'
    setBrowserLocale(locale)
    expect(deviceLanguage()).toBe(lang)
    expect(taro.getSystemInfoSync).not.toHaveBeenCalled()
  })

  it.each([
    ['zh_CN', 'zh'],
    ['en', 'en'],
    ['en_US', 'en'],
    ['zh_HK', 'zh'],
    [undefined, 'zh'],
  ])('weapp: getSystemInfoSync().language %j → %s', (language, lang) => {
    process.env.TARO_ENV = 'weapp'
    setBrowserLocale('en-US') // must be ignored on weapp
    taro.getSystemInfoSync.mockReturnValue({ language })
    expect(deviceLanguage()).toBe(lang)
  })

  it('weapp: a throwing getSystemInfoSync falls back to Chinese', () => {
    process.env.TARO_ENV = 'weapp'
    taro.getSystemInfoSync.mockImplementation(() => {
      throw new Error('not available')
    })
    expect(deviceLanguage()).toBe('zh')
  })
})

describe('current language', () => {
  it('defaults to Chinese', () => {
    setBrowserLocale('zh-CN')
    expect(currentLanguage()).toBe('zh')
    expect(t('common.back')).toBe('返回')
  })

  it('follows an English device', () => {
    setBrowserLocale('en-US')
    expect(currentLanguage()).toBe('en')
    expect(t('common.back')).toBe('Back')
  })

  it.each([
    ['en', 'zh-CN', 'Back'],
    ['zh', 'en-US', '返回'],
  ] as const)('the user choice %s overrides a %s device', (choice, locale, text) => {
    setBrowserLocale(locale)
    useAppStore.getState().setLanguage(choice)
    expect(currentLanguage()).toBe(choice)
    expect(t('common.back')).toBe(text)
  })
})

describe('translate', () => {
  it.each([
    ['zh', 'login.resendIn', { s: 42 }, '42秒后重发'],
    ['en', 'login.resendIn', { s: 42 }, 'Resend in 42s'],
    ['zh', 'home.welcome', { name: '张三' }, '张三，欢迎参会'],
    ['en', 'home.welcome', { name: 'Ann' }, 'Welcome, Ann'],
    ['zh', 'home.countdown', { d: 1, h: 2, m: 3, s: 4 }, '1天 2时 3分 4秒'],
    ['en', 'home.countdown', { d: 0, h: 10, m: 0, s: 9 }, '0d 10h 0m 9s'],
    ['zh', 'common.back', undefined, '返回'],
    ['en', 'common.back', { unused: 1 }, 'Back'],
  ] as const)('%s %s %j → %s', (lang, key, params, text) => {
    expect(translate(lang, key, params)).toBe(text)
  })

  it('t() interpolates in the current language', () => {
    useAppStore.getState().setLanguage('zh')
    expect(t('login.resendIn', { s: 5 })).toBe('5秒后重发')
    useAppStore.getState().setLanguage('en')
    expect(t('login.resendIn', { s: 5 })).toBe('Resend in 5s')
  })

  it('leaves unknown placeholders as they are and substitutes every occurrence', () => {
    expect(translate('zh', 'home.countdown', { d: 1 })).toBe('1天 {h}时 {m}分 {s}秒')
    expect(translate('zh', 'login.resendIn', {})).toBe('{s}秒后重发')
  })

  it.each([
    ['zh', 'common.noSuchKey'],
    ['en', 'nothing.here.at.all'],
    ['zh', 'common'],
    ['en', ''],
  ])('an unknown key (%s %j) returns the key', (lang, key) => {
    expect(translate(lang as 'zh' | 'en', key as never)).toBe(key)
  })
})

describe('catalogues', () => {
  type Tree = { [k: string]: string | Tree }
  /** every leaf as [dotted key, value]; non-string non-object leaves are reported as-is */
  function leaves(node: Tree, prefix = ''): Array<[string, unknown]> {
    return Object.entries(node).flatMap(([k, v]) =>
      v !== null && typeof v === 'object' ? leaves(v as Tree, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]],
    )
  }
  // the app's catalogue and those its features register (train and air are checked by their types)
  const zhLeaves = new Map(leaves({ ...zhCN, register: registerZhCN, eventday: eventdayZhCN } as unknown as Tree))
  const enLeaves = new Map(leaves({ ...en, register: registerEn, eventday: eventdayEn } as unknown as Tree))
  const placeholders = (s: unknown) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

  it('are not empty', () => {
    expect(zhLeaves.size).toBeGreaterThan(50)
  })

  it('every zh-CN key exists in en', () => {
    expect([...zhLeaves.keys()].filter((k) => !enLeaves.has(k))).toEqual([])
  })

  it('every en key exists in zh-CN', () => {
    expect([...enLeaves.keys()].filter((k) => !zhLeaves.has(k))).toEqual([])
  })

  it('every text is a non-empty string', () => {
    const bad = [...zhLeaves, ...enLeaves].filter(([, v]) => typeof v !== 'string' || v.trim() === '')
    expect(bad).toEqual([])
  })

  it('both languages use the same placeholders in each text', () => {
    const mismatched = [...zhLeaves].filter(([k, v]) => enLeaves.has(k) && placeholders(v).join() !== placeholders(enLeaves.get(k)).join())
    expect(mismatched).toEqual([])
  })

  it('translate finds every key in both languages', () => {
    for (const key of zhLeaves.keys()) {
      expect(translate('zh', key as never)).toBe(zhLeaves.get(key))
      expect(translate('en', key as never)).toBe(enLeaves.get(key))
    }
  })
})

describe('a namespace registered in parts (train: the results page first, then the rest)', () => {
  it('the results page part alone has the texts the results page shows', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const i18n = require('@/features/train/i18n-list') as typeof import('@/features/train/i18n-list')
      expect(i18n.translate('zh', 'train.list.count', { n: 3 })).toBe('共3趟车次')
      expect(i18n.translate('en', 'train.home.dateFormat')).toBe('D MMM')
      // the app's own train texts (locales/train-shared.*) are still there beside it
      expect(i18n.translate('zh', 'train.common.soldOut')).toBe('无票')
    })
  })

  it('the rest added after it keeps both parts of a group they share (train.home)', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const i18n = require('@/features/train/i18n') as typeof import('@/features/train/i18n')
      expect(i18n.translate('zh', 'train.home.dateFormat')).toBe('M月D日')
      expect(i18n.translate('zh', 'train.home.from')).toBe('出发地')
      expect(i18n.translate('en', 'train.list.grab')).not.toBe('train.list.grab')
      expect(i18n.translate('en', 'train.passengerType.adult')).toBe('Adult')
    })
  })
})
