/**
 * The upload route's multipart body (what the mini-program's wx.uploadFile sends, so that it can
 * report progress): the same query, checks and answers as the raw body; one file, in memory, no
 * larger than the raw body may be; a second file, no file or a hostile body is a clear message and
 * never a 5xx; no temp file is left behind.
 */
import fs from 'node:fs'
import os from 'node:os'
import { downloadFileBase64, uploadFile } from '@contracts/calls/register'
import { REGISTER_RULES } from '../src/register/rules/register-rules'
import { setup, type TestContext } from './helper'
import { SMALL_PDF, pngOf } from './support/files'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const draftId = 'draft-multipart-1'
const query = (over: Record<string, string> = {}) =>
  new URLSearchParams({ eventCode: 'DEMO', field: 'photo', contactType: 'attendee', tag: 'photo', draftId, name: 'me.png', ...over }).toString()

type Part = { file: Buffer; filename?: string; field?: string } | { text: string; field: string }

/** a multipart/form-data body as a client encodes it (the platform's FormData) */
async function multipartOf(parts: Part[]): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData()
  for (const p of parts) {
    if ('file' in p) form.append(p.field ?? 'file', new Blob([new Uint8Array(p.file)]), p.filename ?? 'tmp_1.png')
    else form.append(p.field, p.text)
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form })
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! }
}

async function send(parts: Part[], q = query(), lang = 'zh') {
  const { body, contentType } = await multipartOf(parts)
  const res = await t.app.inject({ method: 'POST', url: `${uploadFile.path}?${q}`, headers: { 'content-type': contentType, lang }, payload: body })
  return { statusCode: res.statusCode, body: res.json() }
}

describe('a multipart upload', () => {
  it('one good file: the same answer as a raw body, and the bytes read back', async () => {
    const png = pngOf(200, 260)
    const r = await send([{ text: 'x', field: 'note' }, { file: png }])
    expect(r.statusCode).toBe(200)
    expect(r.body.msgId).toBe('')
    expect(r.body.data).toMatchObject({ tag: 'photo', mime: 'image/png', name: 'me.png', size: png.length, width: 200, height: 260 })
    const back = await t.post(downloadFileBase64.path, { fileCode: r.body.data.fileCode, draftId })
    expect(Buffer.from(back.body.data.base64, 'base64').equals(png)).toBe(true)
  })

  it.each<[string, Buffer, string, string]>([
    ['a PDF as a photo (type by its bytes, not its name)', SMALL_PDF, 'photo', 'EREG2201'],
    ["an image over the field's size", Buffer.concat([pngOf(120, 120), Buffer.alloc(2 * 1024 * 1024)]), 'photo', 'EREG2202'],
    ['an image too small', pngOf(50, 300), 'photo', 'EREG2203'],
    ['an empty file', Buffer.alloc(0), 'photo', 'EREG2206'],
  ])("refuses %s with the raw body's message", async (_name, bytes, field, msgId) => {
    const r = await send([{ file: bytes }], query({ field }))
    expect(r.statusCode).toBe(200)
    expect(r.body.msgId).toBe(msgId)
  })

  it("a file over the route's limit: refused as a raw body over it (413), nothing kept", async () => {
    const big = Buffer.concat([pngOf(120, 120), Buffer.alloc(REGISTER_RULES.uploads.maxBytesCeiling)])
    const r = await send([{ file: big }], query({ field: 'attachment', name: 'big.png' }))
    expect(r.statusCode).toBe(413)
    expect(r.body.msgId).toBe('EVAL0001')
  })

  it('two files: "only one file can be uploaded", in the user\'s language', async () => {
    const r = await send([{ file: pngOf(120, 120) }, { file: pngOf(130, 130), filename: 'b.png' }], query(), 'en')
    expect(r.statusCode).toBe(200)
    expect(r.body).toMatchObject({ msgId: 'EREG2204', msgText: 'Only one file can be uploaded' })
  })

  it('no file, only fields: a clear message', async () => {
    const r = await send([{ text: 'photo', field: 'tag' }])
    expect(r.statusCode).toBe(200)
    expect(r.body).toMatchObject({ msgId: 'EREG2207', msgText: '没有收到文件，请重新选择文件上传' })
    const empty = await send([])
    expect(empty.body.msgId).toBe('EREG2207')
  })

  it('the query is checked as for a raw body', async () => {
    const r = await send([{ file: pngOf(120, 120) }], query({ field: 'face' }))
    expect(r.body.msgId).toBe('EVAL0001')
  })

  it('hostile bodies: a clear answer, never a 5xx', async () => {
    const bodies: Array<[string, string | Buffer]> = [
      ['multipart/form-data; boundary=XX', 'not multipart at all'],
      ['multipart/form-data', '--XX\r\n\r\n'],
      ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated'],
      ['multipart/form-data; boundary=XX', Buffer.from(`--XX\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--XX--\r\n`)],
      [
        'multipart/form-data; boundary=XX',
        Buffer.from(Array.from({ length: 20 }, (_, i) => `--XX\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + '--XX--\r\n'),
      ],
    ]
    for (const [contentType, payload] of bodies) {
      const res = await t.app.inject({ method: 'POST', url: `${uploadFile.path}?${query()}`, headers: { 'content-type': contentType }, payload })
      expect(res.statusCode).toBeLessThan(500)
      expect(res.json().msgId).toMatch(/^E[A-Z]+\d{4}$/)
    }
  })

  it('leaves no temp file behind', async () => {
    const tmp = os.tmpdir()
    const before = new Set(fs.readdirSync(tmp))
    await send([{ file: pngOf(120, 120) }])
    await send([{ file: pngOf(120, 120) }, { file: pngOf(120, 120) }])
    expect(fs.readdirSync(tmp).filter((f) => !before.has(f) && /multipart|upload|busboy/i.test(f))).toEqual([])
  })
})
