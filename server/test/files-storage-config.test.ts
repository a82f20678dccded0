/** Which storage provider the environment chooses (kernel/storage/config.ts through config.ts loadConfig). */
import { ConfigError, loadConfig } from '../src/config'

const PROD = { NODE_ENV: 'production', CODE_HASH_SECRET: 'a-secret-of-16-chars-or-more', H5_ORIGINS: 'https://m.example.com', WECHAT_API: 'off' }
const PG = { DATABASE_URL: 'postgres://app@db.internal/attendee' }
const storageOf = (env: NodeJS.ProcessEnv) => loadConfig(env).storage

describe('the storage provider', () => {
  it('is the local folder on PGlite and the database whenever DATABASE_URL is set', () => {
    expect(storageOf({})).toEqual({ provider: 'local' })
    expect(storageOf({ ...PG })).toEqual({ provider: 'database' })
    expect(storageOf({ ...PROD, ...PG })).toEqual({ provider: 'database' })
    expect(storageOf({ FILE_STORAGE: 'database' })).toEqual({ provider: 'database' })
  })

  it('is an S3 bucket with FILE_STORAGE=s3, or when S3_BUCKET alone is set', () => {
    const s3 = {
      S3_BUCKET: 'attendee-files',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }
    expect(storageOf({ ...PG, ...s3 })).toEqual({
      provider: 's3',
      bucket: 'attendee-files',
      region: 'us-east-1',
      endpoint: 'http://minio.internal:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: '',
      requestTimeoutMs: 30_000,
    })
    expect(storageOf({ FILE_STORAGE: 's3', S3_BUCKET: 'b-1', S3_REGION: 'ap-guangzhou', S3_PREFIX: 'conf/2026/' })).toMatchObject({
      region: 'ap-guangzhou',
      prefix: 'conf/2026/',
      forcePathStyle: false,
      accessKeyId: undefined,
    })
  })

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['an S3 store without a bucket', { FILE_STORAGE: 's3' }, /FILE_STORAGE=s3 needs S3_BUCKET/],
    ['half a key pair', { FILE_STORAGE: 's3', S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'id' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    ['an unknown provider', { FILE_STORAGE: 'nfs' }, /FILE_STORAGE/],
    ['an endpoint that is no address', { FILE_STORAGE: 's3', S3_BUCKET: 'bucket', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
    ['a prefix that is no folder', { FILE_STORAGE: 's3', S3_BUCKET: 'bucket', S3_PREFIX: 'conf' }, /S3_PREFIX/],
  ])('refuses %s with a sentence for the operator', (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('refuses the local folder in production on PostgreSQL, unless the deployment says it is one machine', () => {
    const env = { ...PROD, ...PG, FILE_STORAGE: 'local' }
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(/several instances on one DATABASE_URL cannot share.*SINGLE_INSTANCE=true/)
    expect(storageOf({ ...env, SINGLE_INSTANCE: 'true' })).toEqual({ provider: 'local' })
    // PGlite is one process on one machine by nature; outside production anything goes
    expect(storageOf({ ...PROD, FILE_STORAGE: 'local' })).toEqual({ provider: 'local' })
    expect(storageOf({ ...PG, FILE_STORAGE: 'local' })).toEqual({ provider: 'local' })
  })
})
