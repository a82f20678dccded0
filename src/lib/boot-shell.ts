/**
 * The loading state index.html draws before the scripts arrive (config/boot-shell.ts) covers the
 * app until a page has rendered: the first page's layout calls this. H5 only; a no-op after the
 * first call and on the mini-program, which has no such shell.
 */
export function dismissBootShell(): void {
  if (process.env.TARO_ENV !== 'h5' || typeof document === 'undefined') return
  document.getElementById('boot')?.remove()
}
