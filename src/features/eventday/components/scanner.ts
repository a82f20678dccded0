import Taro from '@tarojs/taro'
import { inWeChatBrowser } from '@/lib/wechat-jssdk'

/**
 * Getting the text of a QR code on each platform:
 * - weapp: Taro.scanCode (the camera, or a photo from the album);
 * - H5 inside WeChat: the JS-SDK scanner (wx.scanQRCode, configured in lib/share.ts);
 * - H5 elsewhere: the live camera (getUserMedia, frames decoded with jsQR: scanLive); when the
 *   camera is refused or missing, a photo (on a phone the picker offers the camera) decoded with
 *   jsQR, after `onNoCamera` told the attendee why.
 * Resolves null when the attendee cancelled; '' when a picture held no QR code.
 */
export async function scanWithPlatform(live?: LiveScanTexts & { onNoCamera: () => void }): Promise<string | null> {
  if (process.env.TARO_ENV === 'h5') {
    if (inWeChatBrowser()) {
      const wx = (await import('weixin-js-sdk')).default
      return new Promise((resolve) => {
        wx.scanQRCode({
          needResult: 1,
          scanType: ['qrCode'],
          success: (r: { resultStr?: string }) => resolve(r.resultStr ?? ''),
          cancel: () => resolve(null),
          fail: () => resolve(null),
        })
      })
    }
    if (live) {
      const r = await scanLive(live)
      if (r !== 'unavailable') return r
      live.onNoCamera()
    }
    return pickAndDecode()
  }
  try {
    const r = await Taro.scanCode({ onlyFromCamera: false, scanType: ['qrCode'] })
    return r.result ?? ''
  } catch {
    return null
  }
}

/** H5: a picture chosen (or taken) by the attendee, decoded; '' when it holds no QR code */
export async function pickAndDecode(): Promise<string | null> {
  let file: Blob | undefined
  try {
    const r = await Taro.chooseImage({ count: 1, sizeType: ['original'], sourceType: ['album', 'camera'] })
    // the File itself (Taro H5): its blob: address would be an image source the CSP refuses
    file = (r.tempFiles[0] as { originalFileObj?: Blob } | undefined)?.originalFileObj
  } catch {
    return null
  }
  if (!file) return null
  return decodeImage(file).catch(() => '')
}

/**
 * jsQR, on H5 only. The import sits in a constant condition at build time (an early return before
 * it is not enough): webpack then leaves jsQR out of the mini-program bundle (108 KB of its main
 * package when it did not).
 */
async function loadJsQR(): Promise<typeof import('jsqr').default> {
  if (process.env.TARO_ENV === 'h5') return (await import('jsqr')).default
  throw new Error('jsQR decodes on H5 only')
}

/** decodes the QR code in a picture file (H5 only: a canvas reads its pixels) */
export async function decodeImage(file: Blob): Promise<string> {
  // a constant condition at build time (not an early return): the mini-program bundle leaves jsQR out
  if (process.env.TARO_ENV === 'h5') {
    const jsQR = await loadJsQR()
    // decoded from the file's bytes: no <img> source, so nothing for img-src to allow
    const img = await createImageBitmap(file)
    // large photos are scaled down: jsQR's time grows with the pixels, a QR code needs far fewer
    const scale = Math.min(1, 1600 / Math.max(img.width, img.height))
    const w = Math.max(1, Math.round(img.width * scale))
    const h = Math.max(1, Math.round(img.height * scale))
    const canvas = document.createElement('canvas')
    canvas.width = w
    canvas.height = h
    const ctx = canvas.getContext('2d')
    if (!ctx) return ''
    ctx.drawImage(img, 0, 0, w, h)
    const data = ctx.getImageData(0, 0, w, h)
    return jsQR(data.data, w, h, { inversionAttempts: 'attemptBoth' })?.data ?? ''
  }
  return ''
}

export interface LiveScanTexts {
  /** under the picture: what to point the camera at */
  hint: string
  /** the button that closes the camera */
  stop: string
}

/** how often a frame is decoded (ms): jsQR on every animation frame would heat a phone for nothing */
const FRAME_EVERY_MS = 150

/**
 * H5 outside WeChat: the back camera full screen until a QR code is read (its text), the attendee
 * closes it (null), or the camera cannot be had ('unavailable': no getUserMedia, refused, none).
 * Built with the DOM directly: a <video> playing a MediaStream has no Taro component, and this
 * code never reaches the mini-program bundle (TARO_ENV is constant at build time).
 */
export async function scanLive(texts: LiveScanTexts): Promise<string | null | 'unavailable'> {
  if (process.env.TARO_ENV !== 'h5') return 'unavailable'
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'unavailable'
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
  } catch {
    return 'unavailable'
  }
  const jsQR = await loadJsQR()

  const overlay = document.createElement('div')
  overlay.className = 'live-scanner'
  overlay.setAttribute('role', 'dialog')
  const video = document.createElement('video')
  video.className = 'live-scanner__video'
  video.muted = true
  video.playsInline = true
  video.setAttribute('playsinline', '')
  video.srcObject = stream
  const frame = document.createElement('div')
  frame.className = 'live-scanner__frame'
  const hint = document.createElement('div')
  hint.className = 'live-scanner__hint'
  hint.textContent = texts.hint
  const stop = document.createElement('button')
  stop.type = 'button'
  stop.className = 'live-scanner__stop'
  stop.textContent = texts.stop
  overlay.append(video, frame, hint, stop)
  document.body.appendChild(overlay)

  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d', { willReadFrequently: true } as CanvasRenderingContext2DSettings)
  return new Promise((resolve) => {
    let done = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const finish = (result: string | null) => {
      if (done) return
      done = true
      if (timer) clearTimeout(timer)
      stream.getTracks().forEach((tr) => tr.stop())
      overlay.remove()
      resolve(result)
    }
    stop.addEventListener('click', () => finish(null))
    const look = () => {
      if (done) return
      const w = video.videoWidth
      const h = video.videoHeight
      if (ctx && w > 0 && h > 0) {
        // scaled down like a photo: a QR code needs far fewer pixels than a camera gives
        const scale = Math.min(1, 800 / Math.max(w, h))
        canvas.width = Math.round(w * scale)
        canvas.height = Math.round(h * scale)
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height)
        const found = jsQR(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, { inversionAttempts: 'dontInvert' })
        if (found?.data) return finish(found.data)
      }
      timer = setTimeout(look, FRAME_EVERY_MS)
    }
    void Promise.resolve(video.play())
      .catch(() => undefined)
      .then(look)
  })
}
