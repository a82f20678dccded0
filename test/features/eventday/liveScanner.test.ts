/**
 * H5 outside WeChat: check-in scans with the live camera (getUserMedia, frames decoded with jsQR);
 * a camera refused or missing falls back to picking a photo of the code, after saying why.
 */
import Taro from '@tarojs/taro'
import jsQR from 'jsqr'
import { scanLive, scanWithPlatform } from '@/features/eventday/components/scanner'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { chooseImage: jest.fn(), scanCode: jest.fn() } }))
jest.mock('jsqr', () => ({ __esModule: true, default: jest.fn() }))

const TEXTS = { hint: '将入口处的签到二维码置于框内', stop: '关闭摄像头' }
const chooseImage = Taro.chooseImage as unknown as jest.Mock
const decode = jsQR as unknown as jest.Mock
const stopTrack = jest.fn()
const stream = { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream
const setCamera = (getUserMedia: jest.Mock | undefined) =>
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: getUserMedia ? { getUserMedia } : undefined })

beforeAll(() => {
  // jsdom plays no video and draws nothing: a camera of 640×480 whose frames jsQR (mocked) reads
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, set() {}, get: () => null })
  HTMLMediaElement.prototype.play = jest.fn().mockResolvedValue(undefined)
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 })
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 480 })
  HTMLCanvasElement.prototype.getContext = jest.fn(() => ({
    drawImage: jest.fn(),
    getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }),
  })) as never
})
beforeEach(() => {
  jest.useRealTimers()
  stopTrack.mockReset()
  decode.mockReset()
  chooseImage.mockReset().mockRejectedValue(new Error('chooseImage:fail cancel'))
  document.body.innerHTML = ''
})

it('reads the code from the camera, then stops the camera and closes', async () => {
  setCamera(jest.fn().mockResolvedValue(stream))
  decode.mockReturnValueOnce(null).mockReturnValueOnce({ data: 'https://m.example.com/signIn?ehc=demo&code=MAIN-ABCDEFGHJK' })
  const result = scanLive(TEXTS)
  await new Promise((r) => setTimeout(r, 10))
  expect(document.body.querySelector('.live-scanner__hint')?.textContent).toBe(TEXTS.hint)
  await expect(result).resolves.toBe('https://m.example.com/signIn?ehc=demo&code=MAIN-ABCDEFGHJK')
  expect(decode).toHaveBeenCalledTimes(2)
  expect(stopTrack).toHaveBeenCalled()
  expect(document.body.querySelector('.live-scanner')).toBeNull()
})

it('closed by the attendee: nothing read, the camera stopped', async () => {
  setCamera(jest.fn().mockResolvedValue(stream))
  decode.mockReturnValue(null)
  const result = scanLive(TEXTS)
  await new Promise((r) => setTimeout(r, 10))
  ;(document.body.querySelector('.live-scanner__stop') as HTMLButtonElement).click()
  await expect(result).resolves.toBeNull()
  expect(stopTrack).toHaveBeenCalled()
  expect(document.body.querySelector('.live-scanner')).toBeNull()
})

it.each([
  ['refused', () => setCamera(jest.fn().mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' })))],
  ['missing', () => setCamera(undefined)],
])('camera %s: the attendee is told, and a photo is asked for instead', async (_, camera) => {
  camera()
  const onNoCamera = jest.fn()
  await expect(scanWithPlatform({ ...TEXTS, onNoCamera })).resolves.toBeNull()
  expect(onNoCamera).toHaveBeenCalledTimes(1)
  expect(chooseImage).toHaveBeenCalledTimes(1)
  expect(document.body.querySelector('.live-scanner')).toBeNull()
})
