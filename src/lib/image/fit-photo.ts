import Taro from '@tarojs/taro'
import type { PickedFile } from '@/lib/upload'
import { IMAGE_FIT_RULES, fitSizes, jpegName, type DimensionBounds } from './fit-rules'

/**
 * A photo made to fit `maxBytes` on the device, before it is sent: scaled down (IMAGE_FIT_RULES)
 * and encoded as JPEG, trying smaller sizes until it fits. The original when it fits already, when
 * the rule takes no JPEG, or when the device cannot re-encode it (then the size check says so, as
 * before). H5 draws it on a canvas; the mini-program asks WeChat's compressImage.
 */
export async function fitPhoto(file: PickedFile, rule: DimensionBounds & { maxBytes: number; formats: string[] }): Promise<PickedFile> {
  if (file.size <= rule.maxBytes || !rule.formats.includes('jpg')) return file
  try {
    return process.env.TARO_ENV === 'h5' ? await fitOnCanvas(file, rule) : await fitInWeChat(file, rule)
  } catch {
    return file
  }
}

async function fitOnCanvas(file: PickedFile, rule: DimensionBounds & { maxBytes: number }): Promise<PickedFile> {
  if (!('bytes' in file) || typeof createImageBitmap !== 'function') return file
  // from-image: a phone photo's EXIF rotation is applied, so the picture keeps its way up
  const bitmap = await createImageBitmap(new Blob([file.bytes]), { imageOrientation: 'from-image' })
  try {
    for (const size of fitSizes({ width: bitmap.width, height: bitmap.height }, rule)) {
      const canvas = document.createElement('canvas')
      canvas.width = size.width
      canvas.height = size.height
      const ctx = canvas.getContext('2d')
      if (!ctx) return file
      // a transparent PNG gets a white background, not JPEG's black
      ctx.fillStyle = '#fff'
      ctx.fillRect(0, 0, size.width, size.height)
      ctx.drawImage(bitmap, 0, 0, size.width, size.height)
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', IMAGE_FIT_RULES.quality))
      if (blob && blob.size <= rule.maxBytes) return { name: jpegName(file.name), size: blob.size, bytes: await blob.arrayBuffer() }
    }
    return file
  } finally {
    bitmap.close()
  }
}

async function fitInWeChat(file: PickedFile, rule: DimensionBounds & { maxBytes: number }): Promise<PickedFile> {
  if (!('path' in file)) return file
  const info = await Taro.getImageInfo({ src: file.path })
  for (const size of fitSizes({ width: info.width, height: info.height }, rule)) {
    const out = await Taro.compressImage({
      src: file.path,
      quality: Math.round(IMAGE_FIT_RULES.quality * 100),
      compressedWidth: size.width,
      compressedHeight: size.height,
    })
    const bytes = await new Promise<number>((resolve, reject) =>
      Taro.getFileSystemManager().getFileInfo({ filePath: out.tempFilePath, success: (r) => resolve(r.size), fail: reject }),
    )
    if (bytes <= rule.maxBytes) return { name: jpegName(file.name), size: bytes, path: out.tempFilePath }
  }
  return file
}
