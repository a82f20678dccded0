/**
 * A phone photo made to fit an upload rule on the device (src/lib/image): the sizes tried
 * (IMAGE_FIT_RULES at their edges, the rule's bounds kept), the name, and the mini-program's path
 * through WeChat's compressImage. The H5 canvas path runs in Chromium (e2e/register-photo.spec.ts).
 */
import { IMAGE_FIT_RULES, fitSizes, jpegName } from '@/lib/image/fit-rules'
import { fitPhoto } from '@/lib/image/fit-photo'

const mockCompress = jest.fn()
const mockInfo = jest.fn()
const mockFileInfo = jest.fn()
jest.mock('@tarojs/taro', () => {
  const api = {
    compressImage: (...a: unknown[]) => mockCompress(...a),
    getImageInfo: (...a: unknown[]) => mockInfo(...a),
    getFileSystemManager: () => ({
      getFileInfo: (o: { filePath: string; success: (r: { size: number }) => void }) => o.success({ size: mockFileInfo(o.filePath) }),
    }),
  }
  return { __esModule: true, default: api, ...api }
})

const NONE = { minWidth: 0, maxWidth: 0, minHeight: 0, maxHeight: 0 }
const MB = 1024 * 1024
const RULE = { ...NONE, maxBytes: 2 * MB, formats: ['jpg', 'jpeg', 'png'] }

describe('fitSizes', () => {
  it('scales the longest side to the rule, then the fallbacks, keeping the aspect ratio', () => {
    const [a, b, c] = [IMAGE_FIT_RULES.maxSide, ...IMAGE_FIT_RULES.fallbackSides]
    expect(fitSizes({ width: 4000, height: 3000 }, NONE)).toEqual([
      { width: a, height: (a * 3) / 4 },
      { width: b, height: (b * 3) / 4 },
      { width: c, height: (c * 3) / 4 },
    ])
    expect(fitSizes({ width: 3000, height: 4000 }, NONE)[0]).toEqual({ width: (a * 3) / 4, height: a })
  })

  it('never grows an image: one at the longest side exactly, or smaller, keeps its size first', () => {
    const side = IMAGE_FIT_RULES.maxSide
    expect(fitSizes({ width: side, height: 100 }, NONE)[0]).toEqual({ width: side, height: 100 })
    expect(fitSizes({ width: side - 1, height: 100 }, NONE)[0]).toEqual({ width: side - 1, height: 100 })
    expect(fitSizes({ width: 800, height: 600 }, NONE)).toEqual([{ width: 800, height: 600 }])
  })

  it("stays inside the rule's maxima and leaves out sizes under its minima", () => {
    expect(fitSizes({ width: 4000, height: 3000 }, { ...NONE, maxWidth: 1000 })[0]).toEqual({ width: 1000, height: 750 })
    expect(fitSizes({ width: 4000, height: 3000 }, { ...NONE, maxHeight: 600 })[0]).toEqual({ width: 800, height: 600 })
    const sizes = fitSizes({ width: 4000, height: 3000 }, { ...NONE, minWidth: 1000 })
    expect(sizes.every((s) => s.width >= 1000)).toBe(true)
    expect(sizes.map((s) => s.width)).toEqual([1600, 1200])
  })
})

it('the re-encoded name ends in .jpg', () => {
  expect(jpegName('IMG_2041.HEIC.png')).toBe('IMG_2041.HEIC.jpg')
  expect(jpegName('me.jpeg')).toBe('me.jpg')
  expect(jpegName('noextension')).toBe('noextension.jpg')
  expect(jpegName('.png')).toBe('photo.jpg')
})

describe('fitPhoto on the mini-program', () => {
  const env = process.env.TARO_ENV
  beforeAll(() => {
    process.env.TARO_ENV = 'weapp'
  })
  afterAll(() => {
    process.env.TARO_ENV = env
  })
  beforeEach(() => {
    mockCompress.mockReset()
    mockInfo.mockReset()
    mockFileInfo.mockReset()
  })

  it('a photo that fits is sent as it is', async () => {
    const file = { name: 'a.jpg', size: 2 * MB, path: 'wxfile://a.jpg' }
    expect(await fitPhoto(file, RULE)).toBe(file)
    expect(mockCompress).not.toHaveBeenCalled()
  })

  it('a 3 MB photo is compressed to the first size that fits', async () => {
    mockInfo.mockResolvedValue({ width: 4032, height: 3024 })
    mockCompress.mockImplementation(async (o: { compressedWidth: number }) => ({ tempFilePath: `wxfile://c${o.compressedWidth}.jpg` }))
    // the first try is still too big, the second fits
    mockFileInfo.mockImplementation((p: string) => (p.includes('1600') ? 2.5 * MB : 1.2 * MB))
    const out = await fitPhoto({ name: 'IMG_1.png', size: 3 * MB, path: 'wxfile://big.png' }, RULE)
    expect(out).toEqual({ name: 'IMG_1.jpg', size: 1.2 * MB, path: 'wxfile://c1200.jpg' })
    expect(mockCompress.mock.calls.map((c) => c[0].compressedWidth)).toEqual([1600, 1200])
    expect(mockCompress.mock.calls[0][0]).toMatchObject({ src: 'wxfile://big.png', quality: 85, compressedHeight: 1200 })
  })

  it('the original when nothing fits, when WeChat fails, or when the rule takes no JPEG', async () => {
    const big = { name: 'b.jpg', size: 30 * MB, path: 'wxfile://b.jpg' }
    mockInfo.mockResolvedValue({ width: 8000, height: 6000 })
    mockCompress.mockResolvedValue({ tempFilePath: 'wxfile://c.jpg' })
    mockFileInfo.mockReturnValue(10 * MB)
    expect(await fitPhoto(big, RULE)).toBe(big)
    mockCompress.mockRejectedValue(new Error('compressImage:fail'))
    expect(await fitPhoto(big, RULE)).toBe(big)
    expect(await fitPhoto(big, { ...RULE, formats: ['png'] })).toBe(big)
  })
})
