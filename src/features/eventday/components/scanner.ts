import Taro from '@tarojs/taro'
import { inWeChatBrowser } from '@/lib/wechat-jssdk'

/**
 * Getting the text of a QR code on each platform:
 * - weapp: Taro.scanCode (the camera, or a photo from the album);
 * - H5 inside WeChat: the JS-SDK scanner (wx.scanQRCode, configured in lib/share.ts);
 * - H5 elsewhere: a photo (on a phone the picker offers the camera) decoded with jsQR.
 * Resolves null when the attendee cancelled; '' when a picture held no QR code.
 */
export async function scanWithPlatform(): Promise<string | null> {
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

/** decodes the QR code in a picture file (H5 only: a canvas reads its pixels) */
export async function decodeImage(file: Blob): Promise<string> {
  // a constant condition at build time (not an early return): the mini-program bundle leaves jsQR out
  if (process.env.TARO_ENV === 'h5') {
    const jsQR = (await import('jsqr')).default
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
