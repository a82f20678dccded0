import Taro from '@tarojs/taro'
import { t } from './i18n'

/**
 * Every toast and modal the app shows goes through here (the request client and features alike),
 * so duration, icon, button texts and the one-modal-at-a-time rule are decided once.
 */

/** spec §9: toast duration 2000 ms */
export const TOAST_DURATION_MS = 2000

export function toast(title: string): void {
  void Taro.showToast({ title, icon: 'none', duration: TOAST_DURATION_MS })
}

/** a question with confirm/cancel; resolves true on confirm */
export async function confirm(opts: { content: string; title?: string; confirmText?: string; cancelText?: string }): Promise<boolean> {
  const r = await Taro.showModal({
    title: opts.title ?? t('common.tip'),
    content: opts.content,
    confirmText: opts.confirmText ?? t('common.confirm'),
    cancelText: opts.cancelText ?? t('common.cancel'),
  })
  return !!r.confirm
}

/** a message with one button (no cancel) */
export async function alert(opts: { content: string; title?: string }): Promise<void> {
  await Taro.showModal({ title: opts.title ?? t('common.tip'), content: opts.content, showCancel: false, confirmText: t('common.confirm') })
}

let modalOpen = false
/**
 * An alert shown at most once at a time (parallel calls all answering "session expired" show one
 * modal), then `onConfirm`.
 */
export async function alertOnce(opts: { content: string; title?: string }, onConfirm: () => void): Promise<void> {
  if (modalOpen) return
  modalOpen = true
  try {
    await alert(opts)
    onConfirm()
  } finally {
    modalOpen = false
  }
}

let loadingCount = 0
/** the loading indicator, counted: parallel calls show it once and hide it after the last */
export function showLoading(): void {
  if (loadingCount++ === 0) void Taro.showLoading({ title: t('common.loading'), mask: true })
}
export function hideLoading(): void {
  loadingCount = Math.max(0, loadingCount - 1)
  if (loadingCount === 0) void Taro.hideLoading()
}
