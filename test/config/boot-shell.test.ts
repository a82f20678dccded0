/**
 * index.html's first paint (config/boot-shell.ts): the loading notice in the language the app will
 * show, with the catalogues' texts, the entry page's own text on the entry addresses; and the
 * first page's layout removes it.
 */
import { STORE_KEY } from '@/store'
import zhCN from '@/locales/zh-CN'
import en from '@/locales/en'
import { bootShellHtml } from '../../config/boot-shell'
import { dismissBootShell } from '@/lib/boot-shell'

const ROOT = `${__dirname}/../..`
const ENTRY = ['/', '/pages/index/index']

/** the shell as index.html has it, its script run at `pathname` with this storage and browser language */
function paint(pathname: string, stored: string | null, browser: string): { text: string; lang: string; title: string } {
  document.documentElement.lang = 'zh-CN'
  const html = bootShellHtml(ROOT, ENTRY, STORE_KEY)
  document.body.innerHTML = html
  const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]
  new Function('location', 'localStorage', 'navigator', script)(
    { pathname },
    { getItem: (k: string) => (k === STORE_KEY ? stored : null) },
    { language: browser },
  )
  return {
    text: document.getElementById('boot-text')?.textContent ?? '',
    lang: document.documentElement.lang,
    title: document.getElementById('boot-title')?.textContent ?? '',
  }
}

/** what the app's store leaves in localStorage: zustand's JSON inside Taro's `{ data }` */
const storedWith = (language: string | null) => JSON.stringify({ data: JSON.stringify({ state: { token: 't', language }, version: 1 }) })

it('the entry address says the event is opening, in Chinese by default', () => {
  expect(paint('/', null, 'zh-CN')).toEqual({ text: zhCN.index.loadingEvent, lang: 'zh-CN', title: zhCN.titles.index })
  expect(paint('/pages/index/index', null, 'zh-CN').text).toBe(zhCN.index.loadingEvent)
})

it('any other address says loading', () => {
  expect(paint('/login', null, 'zh-CN')).toEqual({ text: zhCN.common.loading, lang: 'zh-CN', title: '' })
  expect(paint('/pages/trainTicket/searchTicketList/index', null, 'zh-CN').text).toBe(zhCN.common.loading)
})

it('English when the stored choice is English, or nothing is stored and the browser is English', () => {
  expect(paint('/', storedWith('en'), 'zh-CN')).toEqual({ text: en.index.loadingEvent, lang: 'en', title: en.titles.index })
  expect(paint('/login', null, 'en-US')).toEqual({ text: en.common.loading, lang: 'en', title: '' })
  expect(paint('/login', storedWith('zh'), 'en-GB').text).toBe(zhCN.common.loading)
  expect(paint('/login', storedWith(null), 'en-GB').text).toBe(en.common.loading)
})

it('storage that cannot be read leaves the browser language to decide', () => {
  document.body.innerHTML = bootShellHtml(ROOT, ENTRY, STORE_KEY)
  const script = /<script>([\s\S]*)<\/script>/.exec(document.body.innerHTML)![1]
  const throwing = {
    getItem: () => {
      throw new Error('denied')
    },
  }
  new Function('location', 'localStorage', 'navigator', script)({ pathname: '/' }, throwing, { language: 'en' })
  expect(document.getElementById('boot-text')?.textContent).toBe(en.index.loadingEvent)
})

it('is a status for assistive technology, its ellipsis icon hidden from it', () => {
  paint('/', null, 'zh-CN')
  expect(document.getElementById('boot')?.getAttribute('role')).toBe('status')
  expect(document.querySelector('.boot__icon')?.getAttribute('aria-hidden')).toBe('true')
})

it('goes away when asked (the first page layout asks), and asking again is harmless', () => {
  paint('/', null, 'zh-CN')
  dismissBootShell()
  expect(document.getElementById('boot')).toBeNull()
  dismissBootShell()
})
