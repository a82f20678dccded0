/**
 * The phone's back camera read with jsQR (getUserMedia), as the attendee app's live scanner does:
 * frames are decoded a few times a second, scaled down, until a QR code is read, the person stops,
 * or the camera cannot be had. Drawn into the video element the desk's dialog gives.
 */
const FRAME_EVERY_MS = 150

export type CameraResult = { text: string } | { stopped: true } | { unavailable: true }

export async function scanWithCamera(video: HTMLVideoElement, stopSignal: AbortSignal): Promise<CameraResult> {
  if (!navigator.mediaDevices?.getUserMedia) return { unavailable: true }
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
  } catch {
    return { unavailable: true }
  }
  const jsQR = (await import('jsqr')).default
  video.srcObject = stream
  video.muted = true
  video.playsInline = true
  await video.play().catch(() => undefined)
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  return new Promise((resolve) => {
    let timer = 0
    const finish = (r: CameraResult) => {
      window.clearTimeout(timer)
      stream.getTracks().forEach((tr) => tr.stop())
      video.srcObject = null
      resolve(r)
    }
    stopSignal.addEventListener('abort', () => finish({ stopped: true }))
    const look = () => {
      if (stopSignal.aborted) return
      const w = video.videoWidth
      const h = video.videoHeight
      if (ctx && w > 0 && h > 0) {
        // a QR code needs far fewer pixels than a camera gives
        const scale = Math.min(1, 800 / Math.max(w, h))
        canvas.width = Math.round(w * scale)
        canvas.height = Math.round(h * scale)
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height)
        const found = jsQR(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, { inversionAttempts: 'dontInvert' })
        if (found?.data) return finish({ text: found.data })
      }
      timer = window.setTimeout(look, FRAME_EVERY_MS)
    }
    look()
  })
}
