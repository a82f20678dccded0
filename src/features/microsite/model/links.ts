/**
 * How H5 shows a link module: inside the app (an iframe) only for a page of this site or one the
 * organiser marked as allowing it (sites that refuse framing would show an empty box, and a
 * foreign page has no business inside ours otherwise); anything else opens in a new window. The
 * mini-program always uses its web-view component (WeChat checks the domain itself).
 */
export type LinkMode = 'frame' | 'window'

export function linkModeOf(url: string, embeddable: boolean, origin: string): LinkMode {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return 'frame'
  try {
    const u = new URL(url)
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'window'
    return u.origin === origin || embeddable ? 'frame' : 'window'
  } catch {
    return 'window'
  }
}
