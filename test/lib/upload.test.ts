/**
 * The upload helper's mini-program branch: the picked file's temp path goes with wx.uploadFile
 * (multipart), whose progress events reach the form in steps (wx.request reported none: 0, then
 * 100); the answer is WeChat's text body, read as the envelope; a failure is a message, never a throw.
 */
// the texts of the one caller (UploadInput), registered with it
import '@/features/register/i18n'
import { pickFile, uploadBytes } from '@/lib/upload'
import { appState } from '@/store'
import { resetAppStore } from '../support/appStore'

type ProgressCb = (p: { progress: number; totalBytesSent: number; totalBytesExpectedToSend: number }) => void
const mockUploadFile = jest.fn()
const mockChooseImage = jest.fn()
const mockChooseMessageFile = jest.fn()
jest.mock('@tarojs/taro', () => {
  const api = {
    uploadFile: (...a: unknown[]) => mockUploadFile(...a),
    chooseImage: (...a: unknown[]) => mockChooseImage(...a),
    chooseMessageFile: (...a: unknown[]) => mockChooseMessageFile(...a),
    getStorageSync: () => '',
    setStorageSync: () => undefined,
    removeStorageSync: () => undefined,
    getSystemInfoSync: () => ({ language: 'zh_CN' }),
  }
  return { __esModule: true, default: api, ...api }
})

/** what Taro.uploadFile gives back: a promise of the answer with the task's progress() on it, progress in the given steps */
function uploadTask(steps: number[], answer: { statusCode: number; data: unknown } | Error) {
  let cb: ProgressCb = () => undefined
  const p = new Promise((resolve, reject) =>
    setTimeout(() => {
      for (const s of steps) cb({ progress: s, totalBytesSent: s * 10, totalBytesExpectedToSend: 1000 })
      if (answer instanceof Error) reject(answer)
      else resolve({ ...answer, errMsg: 'uploadFile:ok' })
    }, 0),
  ) as Promise<unknown> & { progress: (f: ProgressCb) => unknown }
  p.progress = (f) => {
    cb = f
    return p
  }
  return p
}

const Q = { eventCode: 'DEMO', field: 'photo' as const, contactType: 'attendee', tag: 'photo', draftId: 'd-1' }
const FILE = { name: 'me.png', size: 1000, path: 'wxfile://tmp_abc.png' }
const ok = JSON.stringify({
  status: 200,
  msgId: '',
  msgText: '',
  data: { fileCode: 'F1', name: 'me.png', mime: 'image/png', size: 1000, width: 200, height: 260, tag: 'photo' },
})

const env = process.env.TARO_ENV
beforeEach(() => {
  process.env.TARO_ENV = 'weapp'
  resetAppStore({ language: 'en' })
  mockUploadFile.mockReset()
})
afterAll(() => {
  process.env.TARO_ENV = env
})

describe('uploadBytes on the mini-program', () => {
  it('sends the temp file with wx.uploadFile, the fields in the query, no raw content type; progress in steps, 100 once answered', async () => {
    appState().setSession({ token: 'tok-1', tokenMd5: 'm', user: null as never })
    mockUploadFile.mockReturnValueOnce(uploadTask([12, 47, 88, 100], { statusCode: 200, data: ok }))
    const progress: number[] = []
    const r = await uploadBytes(FILE, Q, (p) => progress.push(p))
    expect(r).toEqual({ code: true, tag: 'photo', file: expect.objectContaining({ fileCode: 'F1' }) })
    expect(progress).toEqual([0, 12, 47, 88, 99, 100])
    const opts = mockUploadFile.mock.calls[0][0]
    expect(opts).toMatchObject({ filePath: 'wxfile://tmp_abc.png', name: 'file', header: { authorization: 'tok-1', lang: 'en' } })
    expect(Object.keys(opts.header).map((k) => k.toLowerCase())).not.toContain('content-type')
    const url = new URL(opts.url, 'http://x')
    expect(url.pathname).toBe('/api/obs/file/upload')
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...Q, name: 'me.png' })
  })

  it("the server's refusal is the message; the bar never claims 100", async () => {
    mockUploadFile.mockReturnValueOnce(
      uploadTask([100], { statusCode: 200, data: JSON.stringify({ status: 0, msgId: 'EREG2204', msgText: 'Only one file can be uploaded', data: null }) }),
    )
    const progress: number[] = []
    expect(await uploadBytes(FILE, Q, (p) => progress.push(p))).toEqual({ code: false, tag: 'photo', message: 'Only one file can be uploaded' })
    expect(progress).toEqual([0, 99])
  })

  it.each<[string, { statusCode: number; data: unknown } | Error]>([
    ['a network failure', new Error('uploadFile:fail timeout')],
    ['an HTTP error', { statusCode: 413, data: '{"msgId":"EVAL0001"}' }],
    ['a body that is not JSON', { statusCode: 200, data: '<html>' }],
  ])('%s: the general failure message, no throw', async (_name, answer) => {
    mockUploadFile.mockReturnValueOnce(uploadTask([], answer))
    expect(await uploadBytes(FILE, Q)).toEqual({ code: false, tag: 'photo', message: 'Upload file failure' })
  })
})

describe('pickFile on the mini-program', () => {
  it('an image: its temp path and size, not its bytes', async () => {
    mockChooseImage.mockResolvedValueOnce({ tempFilePaths: ['wxfile://tmp/abc.jpg'], tempFiles: [{ path: 'wxfile://tmp/abc.jpg', size: 2048 }] })
    expect(await pickFile('image', ['jpg'])).toEqual({ name: 'abc.jpg', size: 2048, path: 'wxfile://tmp/abc.jpg' })
  })
  it('a chat file keeps its own name; cancelling is null', async () => {
    mockChooseMessageFile.mockResolvedValueOnce({ tempFiles: [{ path: 'wxfile://tmp/x1', size: 10, name: '简历.pdf', type: 'file', time: 0 }] })
    expect(await pickFile('file', ['pdf'])).toEqual({ name: '简历.pdf', size: 10, path: 'wxfile://tmp/x1' })
    mockChooseImage.mockRejectedValueOnce(new Error('chooseImage:fail cancel'))
    expect(await pickFile('image', ['png'])).toBeNull()
  })
})
