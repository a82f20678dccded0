/**
 * Registers the console's service worker (service-worker/sw.ts, built to /admin/sw.js) once the
 * page has loaded, so its precaching never competes with the first visit's own files. Production
 * builds only: Vite's dev server has no worker.
 */
import { CONSOLE_WORKER_RULES } from '../service-worker/worker-rules'

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // a browser that refuses (private mode) leaves the console as it is without one
  const register = () => void navigator.serviceWorker.register(CONSOLE_WORKER_RULES.url, { scope: CONSOLE_WORKER_RULES.scope }).catch(() => undefined)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
