/** The console's few addresses under /admin/, in the browser's history (no router library needed for them). */
import { useSyncExternalStore } from 'react'

export const BASE = '/admin'

const listeners = new Set<() => void>()
const subscribe = (fn: () => void) => {
  listeners.add(fn)
  window.addEventListener('popstate', fn)
  return () => {
    listeners.delete(fn)
    window.removeEventListener('popstate', fn)
  }
}
const current = () => window.location.pathname.slice(BASE.length).replace(/\/$/, '') + window.location.search || '/'

/** the path below /admin with its query, e.g. '/events/DEMO' */
export const usePath = (): string => useSyncExternalStore(subscribe, current)

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  const url = BASE + to
  if (opts.replace) window.history.replaceState(null, '', url)
  else window.history.pushState(null, '', url)
  for (const fn of listeners) fn()
}

/** an href for a link (a real link: it opens in a new tab too) */
export const href = (to: string): string => BASE + to
