/**
 * How a picked photo is made to fit an upload rule before it is sent: phone cameras take 3–12 MB
 * pictures, registration photos are limited to a few MB. The numbers of that, in one place
 * (test/lib/image-fit.test.ts holds them at their edges).
 */
export const IMAGE_FIT_RULES = {
  /** the longest side a photo is scaled down to (a face photo or badge needs far less) … */
  maxSide: 1600,
  /** … and, when that is still too many bytes, the sides of the next tries, each smaller */
  fallbackSides: [1200, 900],
  /** JPEG quality of the encoding */
  quality: 0.85,
} as const

export interface Size {
  width: number
  height: number
}

/** the image's bounds from an upload rule (0: no bound), as the server checks them */
export interface DimensionBounds {
  minWidth: number
  maxWidth: number
  minHeight: number
  maxHeight: number
}

/**
 * The sizes to try, in order, for an image of `size` under `bounds`: each keeps the aspect ratio,
 * has its longest side at most IMAGE_FIT_RULES.maxSide (then the fallbacks), never grows the
 * image, and stays inside the rule's maxima. A size that would fall under the rule's minima is
 * left out (the server would refuse it); an empty list: nothing to try, send the original.
 */
export function fitSizes(size: Size, bounds: DimensionBounds): Size[] {
  const out: Size[] = []
  for (const side of [IMAGE_FIT_RULES.maxSide, ...IMAGE_FIT_RULES.fallbackSides]) {
    let scale = Math.min(1, side / Math.max(size.width, size.height))
    if (bounds.maxWidth > 0) scale = Math.min(scale, bounds.maxWidth / size.width)
    if (bounds.maxHeight > 0) scale = Math.min(scale, bounds.maxHeight / size.height)
    const s = { width: Math.max(1, Math.floor(size.width * scale)), height: Math.max(1, Math.floor(size.height * scale)) }
    if (s.width < bounds.minWidth || s.height < bounds.minHeight) continue
    if (!out.some((o) => o.width === s.width && o.height === s.height)) out.push(s)
  }
  return out
}

/** the name of the re-encoded file: the picked name with a .jpg extension */
export const jpegName = (name: string): string => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`
