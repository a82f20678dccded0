/**
 * Two instances of the server on one database, each with its own disk (UPLOADS_DIR), as a
 * deployment of several machines runs: a file uploaded through one is read through the other, the
 * registration photo as the microsite's added pictures. On PostgreSQL (scripts/pg-test.sh) the
 * configuration is the default one (DATABASE_URL set: files in the database); on PGlite the
 * database provider is chosen by FILE_STORAGE=database.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { downloadFileBase64, uploadFile } from '@contracts/calls/register'
import { loadConfig } from '../src/config'
import { addSiteFiles } from '../src/microsite/site-files'
import { setup, type TestContext } from './helper'
import { pngOf } from './support/files'

let t: TestContext
let first: FastifyInstance
let second: FastifyInstance
const dirs: string[] = []

/** an instance's configuration as its environment gives it: only its uploads folder differs */
function configOn(uploadsDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, UPLOADS_DIR: uploadsDir }
  if (!process.env.DATABASE_URL) env.FILE_STORAGE = 'database'
  return loadConfig(env)
}

beforeAll(async () => {
  t = await setup()
  for (const name of ['first', 'second']) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `uploads-${name}-`)))
  first = await t.buildApp({ config: configOn(dirs[0]), filesDir: null })
  second = await t.buildApp({ config: configOn(dirs[1]), filesDir: null })
}, 120_000)
beforeEach(async () => t.reset(), 60_000)
afterAll(async () => {
  await t?.close()
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

describe('two instances on one database, each with its own disk', () => {
  it('a file uploaded through the first is downloaded through the second', async () => {
    const draftId = 'draft-two-instances'
    const png = pngOf(200, 260)
    const qs = new URLSearchParams({ eventCode: 'DEMO', field: 'photo', contactType: 'attendee', tag: 'photo', draftId, name: 'me.png' })
    const up = await first.inject({ method: 'POST', url: `${uploadFile.path}?${qs}`, headers: { 'content-type': 'application/octet-stream' }, payload: png })
    expect(up.json().msgId).toBe('')

    const down = await second.inject({ method: 'POST', url: downloadFileBase64.path, payload: { fileCode: up.json().data.fileCode, draftId } })
    expect(down.json().msgId).toBe('')
    expect(Buffer.from(down.json().data.base64, 'base64').equals(png)).toBe(true)
    // neither instance's own folder holds it: both read the one store
    for (const d of dirs) expect(fs.readdirSync(d)).toEqual([])
  })

  it('a picture an operator added to the microsite through one is served at /files/ by the other', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-files-'))
    dirs.push(folder)
    fs.mkdirSync(path.join(folder, 'expo'))
    const png = pngOf(64, 48)
    fs.writeFileSync(path.join(folder, 'expo', 'hall-map.png'), png)
    expect(await addSiteFiles(first.deps.storage, folder)).toEqual(['/files/expo/hall-map.png'])

    const res = await second.inject({ method: 'GET', url: '/files/expo/hall-map.png' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.rawPayload.equals(png)).toBe(true)
    const again = await second.inject({ method: 'GET', url: '/files/expo/hall-map.png', headers: { 'if-none-match': String(res.headers.etag) } })
    expect(again.statusCode).toBe(304)
    for (const url of ['/files/expo/missing.png', '/files/..%2F..%2Fetc%2Fpasswd', '/files/.hidden', '/files/site/../x']) {
      expect((await second.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
    // not an address at all: Fastify's own 400
    expect((await second.inject({ method: 'GET', url: '/files/expo/%E0%A4%A' })).statusCode).toBe(400)
  })
})
