/**
 * H5 production builds ship the app's English texts as a chunk of their own (src/lib/i18n.ts): loaded before an English visit's first page, and on switching. Here the module runs
 * as it does in that build (NODE_ENV=production, TARO_ENV=h5); `import()` is babel's here.
 */
import { resetTaroMock } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

type I18n = typeof import('@/lib/i18n')
type Store = typeof import('@/store')

/** i18n and the store as an H5 production build loads them */
function h5Production(): { i18n: I18n; store: Store } {
  const env = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    let loaded: { i18n: I18n; store: Store } | undefined
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports */
      loaded = { i18n: require('@/lib/i18n') as I18n, store: require('@/store') as Store }
      /* eslint-enable @typescript-eslint/no-require-imports */
    })
    return loaded as { i18n: I18n; store: Store }
  } finally {
    process.env.NODE_ENV = env
  }
}

let navigatorLanguage: jest.SpyInstance
beforeEach(() => {
  resetTaroMock()
  resetAppStore()
  // a browser in Chinese (jsdom's says en-US)
  navigatorLanguage = jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('zh-CN')
})
afterEach(() => navigatorLanguage.mockRestore())

it('has Chinese at once and English only once loaded, but for the common texts a launch request may show', async () => {
  const { i18n } = h5Production()
  expect(i18n.translate('zh', 'titles.home')).toBe('首页')
  // not there yet: the page waits for it (languageReady) before it draws
  expect(i18n.translate('en', 'titles.home')).toBe('titles.home')
  // the loading indicator and request errors, shown before any page: in the shell in both languages
  expect(i18n.translate('en', 'common.loading')).toBe('Loading…')
  expect(i18n.translate('en', 'common.requestFailed')).toBe('Request failed')
  await i18n.loadLanguage('en')
  expect(i18n.translate('en', 'titles.home')).toBe('Home')
  expect(i18n.translate('en', 'notFound.text')).toBe('The page you are looking for does not exist')
})

it('languageReady waits for English only when English is in use (chosen, or the browser says so)', async () => {
  const { i18n, store } = h5Production()
  await i18n.languageReady()
  expect(i18n.translate('en', 'titles.home')).toBe('titles.home')
  store.appState().setLanguage('en')
  await i18n.languageReady()
  expect(i18n.t('titles.home')).toBe('Home')

  const second = h5Production()
  navigatorLanguage.mockReturnValue('en-GB')
  await second.i18n.languageReady()
  expect(second.i18n.t('titles.home')).toBe('Home')
})

it('switching keeps the choice at once; the screen changes when the texts are there', async () => {
  const { i18n, store } = h5Production()
  const switching = i18n.switchLanguage('en')
  // stored at once (a page opened right after has it), still drawn in Chinese until English is here
  expect(store.appState().language).toBe('en')
  expect(i18n.t('titles.home')).toBe('首页')
  await switching
  expect(i18n.t('titles.home')).toBe('Home')
  await i18n.switchLanguage('zh')
  expect(i18n.t('titles.home')).toBe('首页')
})

it('keeps what a feature registered before English arrived', async () => {
  const { i18n } = h5Production()
  i18n.registerCatalogue('register', { x: { y: '中' } } as never, { x: { y: 'EN' } } as never)
  await i18n.loadLanguage('en')
  expect(i18n.translate('en', 'register.x.y' as never)).toBe('EN')
  expect(i18n.translate('en', 'common.cancel')).toBe('Cancel')
})

it('a switch whose texts cannot load goes back to the language before', async () => {
  jest.doMock('@/locales/en', () => {
    throw new Error('ChunkLoadError: offline')
  })
  try {
    const { i18n, store } = h5Production()
    await expect(i18n.switchLanguage('en')).rejects.toThrow(/offline/)
    expect(store.appState().language).toBe('zh')
    expect(i18n.t('titles.home')).toBe('首页')
  } finally {
    jest.dontMock('@/locales/en')
  }
})
