import { Current, eventCenter } from '@tarojs/runtime'
import { MethodHandler } from '@tarojs/taro-h5/dist/utils/handler.js'

/**
 * H5 build only: what `Taro.showLoading`, `showToast`, `showModal`… are there. The interaction
 * patch of the H5 build (config/taro-plugins/h5-lean/interaction.ts) puts this module in place of
 * @tarojs/taro-h5's interaction module (`dist/api/ui/interaction/index.js`), so every caller
 * (src/lib/feedback.ts, Taro's own APIs) keeps calling Taro; the mini-program and the unit tests
 * (which fake Taro) never see it.
 *
 * Why: Taro's module builds its toast, loading, modal and action sheet (with their icons and
 * an icon font as base64) when it loads, 7.3 KiB gzipped of the app shell, and the first screen
 * of a visit needs only the loading indicator of its first request. Here the loading indicator and
 * the plain text toast (`icon: 'none'`, every toast the app shows: src/lib/feedback.ts) are drawn
 * by this module, as Taro draws them (same `.taro__toast` element, sizes and colours, one element
 * for both, `hideLoading` hiding a toast too unless `noConflict`, both hidden when the page
 * changes). Everything else (modals, action sheets, toasts with an icon or image) loads Taro's own
 * module on first use and is answered by it. Should that load fail (offline on a venue network), a
 * modal falls back to the browser's own confirm/alert, so a question is still asked.
 */

type Callbacks = { success?: (res: unknown) => void; fail?: (res: unknown) => void; complete?: (res: unknown) => void }
type ToastOptions = Callbacks & { title?: string; icon?: string; image?: string; duration?: number; mask?: boolean }
type HideOptions = Callbacks & { noConflict?: boolean }
type ModalOptions = Callbacks & { title?: string; content?: string; showCancel?: boolean; cancelText?: string; confirmText?: string }

/** Taro's module, the same exports as this one */
interface Interaction {
  showToast(o?: ToastOptions): Promise<unknown>
  hideToast(o?: HideOptions): Promise<unknown>
  showLoading(o?: ToastOptions): Promise<unknown>
  hideLoading(o?: HideOptions): Promise<unknown>
  showModal(o?: ModalOptions): Promise<unknown>
  showActionSheet(o?: unknown, methodName?: string): Promise<unknown>
  enableAlertBeforeUnload(o?: unknown): Promise<unknown>
  disableAlertBeforeUnload(o?: unknown): Promise<unknown>
}

let taroInteraction: Promise<Interaction> | undefined
/** Taro's interaction module, loaded once on first use (its own chunk) */
export function loadTaroInteraction(): Promise<Interaction> {
  taroInteraction ??= import(/* webpackChunkName: "taro-interaction" */ '@tarojs/taro-h5/dist/api/ui/interaction/index.js') as Promise<Interaction>
  // a failed load (offline) is tried again next time
  taroInteraction.catch(() => (taroInteraction = undefined))
  return taroInteraction
}
/** Taro's module when it has loaded already, to hide what it shows */
let loadedTaro: Interaction | undefined

/** Taro's toast look (taro-h5 dist/api/ui/interaction/toast.js), the text-only variant */
const MASK_STYLE = 'position:fixed;z-index:1000;top:0;right:0;bottom:0;left:0'
const BOX_STYLE =
  'z-index:5000;box-sizing:border-box;display:flex;flex-direction:column;justify-content:center;position:fixed;top:50%;left:50%;' +
  'min-width:120px;max-width:200px;transform:translate(-50%,-50%);border-radius:5px;text-align:center;line-height:1.6;color:#fff;background:rgba(17,17,17,.7)'
const TEXT_BOX = 'min-height:0;padding:10px 15px'
const ICON_BOX = 'min-height:120px;padding:15px'
const SPINNER_STYLE =
  'margin:6px auto;width:32px;height:32px;box-sizing:border-box;border-radius:50%;border:3px solid rgba(255,255,255,.3);border-top-color:#fff'

interface Shown {
  el: HTMLDivElement
  mask: HTMLDivElement
  box: HTMLDivElement
  spinner: HTMLParagraphElement
  title: HTMLParagraphElement
}
let shown: Shown | undefined
/** 'toast' or 'loading': what is on screen (hide with noConflict hides only its own kind) */
let kind = ''
/** the page it was shown on: it goes when the page changes (as Taro's does) */
let shownOnPage: string | undefined
let hideTimer: ReturnType<typeof setTimeout> | undefined
let goneTimer: ReturnType<typeof setTimeout> | undefined
let spin: Animation | undefined

function element(): Shown {
  if (shown) return shown
  const el = document.createElement('div')
  el.className = 'taro__toast'
  // read out by screen readers when its text changes, as a status (not an interruption)
  el.setAttribute('role', 'status')
  el.setAttribute('aria-live', 'polite')
  el.style.cssText = 'opacity:0;transition:opacity .1s linear'
  el.ontouchmove = (e) => {
    e.stopPropagation()
    e.preventDefault()
  }
  const mask = document.createElement('div')
  mask.style.cssText = MASK_STYLE
  const box = document.createElement('div')
  const spinner = document.createElement('p')
  spinner.style.cssText = SPINNER_STYLE
  const title = document.createElement('p')
  title.style.cssText = 'margin:0;font-size:16px'
  box.append(spinner, title)
  el.append(mask, box)
  document.body.appendChild(el)
  shown = { el, mask, box, spinner, title }
  return shown
}

function show(options: ToastOptions, as: 'toast' | 'loading', duration: number): void {
  const { el, mask, box, spinner, title } = element()
  clearTimeout(hideTimer)
  clearTimeout(goneTimer)
  // Taro's own toast (an icon toast shown earlier) would sit under this one
  void loadedTaro?.hideToast({ noConflict: true })
  title.textContent = options.title ?? ''
  mask.style.display = options.mask ? 'block' : 'none'
  const loading = as === 'loading'
  box.style.cssText = `${BOX_STYLE};${loading ? ICON_BOX : TEXT_BOX}`
  spinner.style.display = loading ? 'block' : 'none'
  spin?.cancel()
  // the Web Animations API where there is one (every browser we ship to; not jsdom)
  spin =
    loading && typeof spinner.animate === 'function'
      ? spinner.animate([{ transform: 'rotate(0)' }, { transform: 'rotate(360deg)' }], { duration: 800, iterations: Infinity })
      : undefined
  el.style.display = 'block'
  setTimeout(() => (el.style.opacity = '1'), 0)
  kind = as
  shownOnPage = Current.page?.path ?? undefined
  if (duration >= 0) hide(duration, as)
}

function hide(after: number, only = ''): void {
  if (!shown || (only && only !== kind)) return
  const { el } = shown
  clearTimeout(hideTimer)
  clearTimeout(goneTimer)
  shownOnPage = undefined
  hideTimer = setTimeout(() => {
    el.style.opacity = '0'
    goneTimer = setTimeout(() => {
      el.style.display = 'none'
      spin?.cancel()
    }, 100)
  }, after)
}

/** a toast with an icon or an image is Taro's (its icons are most of its size) */
const isPlain = (o: ToastOptions) => (o.icon ?? 'success') === 'none' && !o.image

export function showToast(options: ToastOptions = { title: '' }): Promise<unknown> {
  if (!isPlain(options)) {
    hide(0)
    return loadTaroInteraction().then((m) => (loadedTaro = m).showToast(options))
  }
  const o = { title: '', duration: 1500, ...options }
  const handle = new MethodHandler({ name: 'showToast', success: o.success, fail: o.fail, complete: o.complete })
  if (typeof o.title !== 'string' || typeof o.duration !== 'number')
    return handle.fail({ errMsg: 'parameter error: title must be a String, duration a Number' })
  show(o, 'toast', o.duration)
  return handle.success({ errMsg: '' })
}

export function showLoading(options: ToastOptions = { title: '' }): Promise<unknown> {
  const o = { title: '', ...options }
  const handle = new MethodHandler({ name: 'showLoading', success: o.success, fail: o.fail, complete: o.complete })
  if (typeof o.title !== 'string') return handle.fail({ errMsg: 'parameter error: title must be a String' })
  show(o, 'loading', -1)
  return handle.success({ errMsg: '' })
}

function hideBoth(name: 'hideToast' | 'hideLoading', own: 'toast' | 'loading', options: HideOptions = {}): Promise<unknown> {
  const handle = new MethodHandler({ name, success: options.success, fail: options.fail, complete: options.complete })
  hide(0, options.noConflict ? own : '')
  if (loadedTaro) void loadedTaro[name]({ noConflict: options.noConflict })
  return handle.success()
}
export const hideToast = (options?: HideOptions) => hideBoth('hideToast', 'toast', options)
export const hideLoading = (options?: HideOptions) => hideBoth('hideLoading', 'loading', options)

/** the browser's own dialog, when Taro's module cannot be loaded (offline) */
function nativeModal(o: ModalOptions): Promise<unknown> {
  const text = [o.title, o.content].filter(Boolean).join('\n\n')
  const confirmed = o.showCancel === false ? (window.alert(text), true) : window.confirm(text)
  const handle = new MethodHandler<{ confirm: boolean; cancel: boolean }>({ name: 'showModal', success: o.success, fail: o.fail, complete: o.complete })
  return handle.success({ confirm: confirmed, cancel: !confirmed })
}

export function showModal(options: ModalOptions = {}): Promise<unknown> {
  const opener = document.activeElement
  // the keyboard part comes with Taro's module (same chunk), not in the app shell
  const keys = import(/* webpackChunkName: "taro-interaction" */ './h5-modal-keys')
  return Promise.all([loadTaroInteraction(), keys]).then(
    ([m, { keyboardModal, focusBack }]) => {
      const answered = (loadedTaro = m).showModal(options)
      // Taro draws the modal as it is asked; keys reach it once it is in the page
      setTimeout(keyboardModal, 0)
      return answered.finally(() => focusBack(opener))
    },
    () => nativeModal(options),
  )
}

export const showActionSheet = (options?: unknown, methodName?: string): Promise<unknown> =>
  loadTaroInteraction().then((m) => (loadedTaro = m).showActionSheet(options, methodName))
export const enableAlertBeforeUnload = (options?: unknown): Promise<unknown> =>
  loadTaroInteraction().then((m) => (loadedTaro = m).enableAlertBeforeUnload(options))
export const disableAlertBeforeUnload = (options?: unknown): Promise<unknown> =>
  loadTaroInteraction().then((m) => (loadedTaro = m).disableAlertBeforeUnload(options))

// as Taro's module does: what a page showed goes when another page comes
eventCenter.on('__afterTaroRouterChange', () => {
  if (shownOnPage && shownOnPage !== Current.page?.path) hide(0)
})
