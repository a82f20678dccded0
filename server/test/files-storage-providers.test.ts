/**
 * The storage providers behind FileStorage (kernel/storage), each put through the same cases: a
 * local folder, the app database (file_blobs, on PGlite or on PostgreSQL under scripts/pg-test.sh)
 * and an S3-compatible store (s3rver, a real S3 HTTP server started in this process: the AWS SDK
 * signs and sends real requests to it).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import S3rver from 's3rver'
import { DatabaseStorage, LocalFolderStorage, type FileStorage } from '../src/kernel/storage'
import { S3Storage } from '../src/kernel/storage/s3'
import { REGISTER_RULES } from '../src/register/rules/register-rules'
import { setup, type TestContext } from './helper'

let t: TestContext
let s3server: S3rver
let s3endpoint = ''
const dirs: string[] = []
const tmp = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), name))
  dirs.push(d)
  return d
}

beforeAll(async () => {
  t = await setup()
  s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tmp('s3rver-'), configureBuckets: [{ name: 'attendee-files', configs: [] }] })
  const addr = (await s3server.run()) as AddressInfo
  s3endpoint = `http://127.0.0.1:${addr.port}`
}, 120_000)
afterAll(async () => {
  await s3server?.close()
  await t?.close()
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

const s3 = (prefix: string) =>
  new S3Storage({
    provider: 's3',
    bucket: 'attendee-files',
    region: 'us-east-1',
    endpoint: s3endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix,
    requestTimeoutMs: 10_000,
  })

const providers: Array<[string, () => FileStorage]> = [
  ['a local folder', () => new LocalFolderStorage(tmp('uploads-'))],
  ['the app database', () => new DatabaseStorage(t.db.db, t.clock.now)],
  ['an S3-compatible store', () => s3('deployment-a/')],
]

describe.each(providers)('%s', (_name, make) => {
  let storage: FileStorage
  beforeAll(() => {
    storage = make()
  })
  afterAll(() => storage.close?.())

  it('puts bytes and gets the same bytes back; a key written again holds the new bytes', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254, 0x0a, 0x0d, 0])
    await storage.put('e1/Fabc_DEF-123', bytes)
    expect((await storage.get('e1/Fabc_DEF-123'))?.equals(bytes)).toBe(true)
    await storage.put('e1/Fabc_DEF-123', Buffer.from('second'))
    expect((await storage.get('e1/Fabc_DEF-123'))?.toString()).toBe('second')
  })

  it('answers null for a key with no bytes', async () => {
    expect(await storage.get('e1/Fnever-written')).toBeNull()
    expect(await storage.get('site/some/folder')).toBeNull()
  })

  it('removes bytes; removing what is not there is no error', async () => {
    await storage.put('e2/Fgone', Buffer.from('x'))
    await storage.remove('e2/Fgone')
    expect(await storage.get('e2/Fgone')).toBeNull()
    await expect(storage.remove('e2/Fgone')).resolves.toBeUndefined()
  })

  it.each(['', '../escape', 'e1/../../etc/passwd', '/absolute', 'e1//double', 'e1/.hidden', 'with space/x', 'e1/a\u0000b', `e1/${'a'.repeat(200)}`])(
    'refuses the bad key %j for every operation',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/)
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/)
      await expect(storage.remove(key)).rejects.toThrow(/invalid storage key/)
    },
  )

  it('keeps a file of the largest size a form may allow, byte for byte', async () => {
    const big = Buffer.alloc(REGISTER_RULES.uploads.maxBytesCeiling)
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251
    await storage.put('e3/Fbig', big)
    const back = await storage.get('e3/Fbig')
    expect(back?.length).toBe(big.length)
    expect(back?.equals(big)).toBe(true)
    await storage.remove('e3/Fbig')
  }, 60_000)
})

describe('an S3 prefix', () => {
  it('keeps two deployments in one bucket apart', async () => {
    const a = s3('deployment-a/')
    const b = s3('deployment-b/')
    await a.put('e1/Fshared-key', Buffer.from('a'))
    expect(await b.get('e1/Fshared-key')).toBeNull()
    a.close()
    b.close()
  })
})
