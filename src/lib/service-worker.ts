/**
 * H5 only: registers the service worker (src/service-worker/sw.ts, built to /sw.js) once the page
 * has loaded, so its precaching never competes with the first visit's own files on a slow
 * network. Production builds only (a watching build has no worker). The mini-program keeps its
 * offline copies in its own storage and has no worker.
 */
export function registerServiceWorker(): void {
  if (process.env.TARO_ENV !== 'h5' || process.env.NODE_ENV !== 'production') return
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  // a browser that refuses (private mode, a file:// page) leaves the app as it is without one
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
