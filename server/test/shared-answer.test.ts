/**
 * Shared answers (kernel/cache/shared-answer.ts): serialized once, and compressed once per encoding for
 * clients that accept it; a client that accepts nothing (the benchmark, curl) gets the plain bytes.
 */
import zlib from 'node:zlib'
import { findFlightList } from '@contracts/calls/flight'
import { queryTrainTicket } from '@contracts/calls/train'
import { getEventByHash } from '@contracts/calls/event'
import { COMPRESS_MIN_BYTES, encodingFor, shareAnswer, sharedEnvelope } from '../src/kernel/cache/shared-answer'
import { setup, type TestContext } from './helper'
import { dateAfter, loginAs, railwayLogin } from './train-support'

describe('encodingFor', () => {
  it('brotli first, then gzip, as the client accepts; nothing below the threshold or when nothing fits', () => {
    const big = COMPRESS_MIN_BYTES
    expect(encodingFor('gzip, deflate, br', big)).toBe('br')
    expect(encodingFor('gzip, deflate', big)).toBe('gzip')
    expect(encodingFor('br;q=0, gzip', big)).toBe('gzip')
    expect(encodingFor('gzip;q=0.5, br;q=0.1', big)).toBe('gzip')
    expect(encodingFor('*', big)).toBe('br')
    expect(encodingFor('identity', big)).toBeNull()
    expect(encodingFor('deflate', big)).toBeNull()
    expect(encodingFor('', big)).toBeNull()
    expect(encodingFor(undefined, big)).toBeNull()
    expect(encodingFor('gzip, br', big - 1)).toBeNull()
  })

  it('a shared answer is compressed once per encoding; anything else is not a shared answer', () => {
    const answer = shareAnswer({ rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `row ${i}` })) })
    const plain = sharedEnvelope(answer)!
    expect(plain.encoding).toBeNull()
    expect(JSON.parse(plain.bytes.toString())).toEqual({ status: 200, msgId: '', msgText: '', data: answer })
    const br = sharedEnvelope(answer, 'br')!
    expect(br.encoding).toBe('br')
    expect(sharedEnvelope(answer, 'gzip, br')!.bytes).toBe(br.bytes)
    expect(zlib.brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true)
    expect(zlib.gunzipSync(sharedEnvelope(answer, 'gzip')!.bytes).equals(plain.bytes)).toBe(true)
    expect(sharedEnvelope({ rows: [] }, 'br')).toBeUndefined()
    expect(sharedEnvelope(null, 'br')).toBeUndefined()
  })
})

describe('searches compressed for clients that accept it', () => {
  let t: TestContext
  let token: string
  beforeAll(async () => {
    t = await setup()
    token = await loginAs(t, 'demo')
    await railwayLogin(t, token)
  })
  afterAll(() => t.close())

  const ask = (path: string, body: object, acceptEncoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', authorization: token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      payload: JSON.stringify(body),
    })

  it.each([
    ['flight search', findFlightList.path, () => ({ depCode: 'SHA', arrCode: 'BJS', date: dateAfter(t, 2) })],
    ['train search', queryTrainTicket.path, () => ({ fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, 2) })],
  ])('%s: the same answer plain, in brotli and in gzip', async (_name, path, body) => {
    const plain = await ask(path, body())
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('accept-encoding')
    expect(plain.json().status).toBe(200)
    const br = await ask(path, body(), 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(Number(br.headers['content-length'])).toBeLessThan(plain.rawPayload.length / 3)
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload)
    const gz = await ask(path, body(), 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.payload)
  })

  it("answers that are not shared (they may carry a person's data) stay plain", async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: getEventByHash.path,
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      payload: JSON.stringify({ eventHashCode: 'demo' }),
    })
    expect(r.json().status).toBe(200)
    expect(r.headers['content-encoding']).toBeUndefined()
  })
})
