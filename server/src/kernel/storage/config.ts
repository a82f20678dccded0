/**
 * Which storage provider keeps uploaded files, from the environment (read by config.ts, which
 * passes the variables in; docs/storage.md):
 *
 * - FILE_STORAGE=database: the app database (file_blobs). The default whenever DATABASE_URL is set:
 *   every instance on that PostgreSQL sees every file, and the files are in its backup.
 * - FILE_STORAGE=s3 (or S3_BUCKET set without FILE_STORAGE): an S3-compatible bucket.
 * - FILE_STORAGE=local: the folder UPLOADS_DIR. The default on PGlite (one machine, one process).
 *   In production with DATABASE_URL it is refused unless SINGLE_INSTANCE=true says the deployment
 *   is one machine: a second instance would answer "not found" for every file the first wrote.
 */
import { z } from 'zod'

export interface S3StorageConfig {
  provider: 's3'
  bucket: string
  region: string
  /** another S3-compatible store (MinIO, COS …); absent: AWS */
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  /** bucket in the path (http://host/bucket/key), as most self-hosted stores want */
  forcePathStyle: boolean
  /** before every object key ('' or ending in '/'): one bucket may serve several deployments */
  prefix: string
  /** one request to the store, connecting included */
  requestTimeoutMs: number
}

export type StorageConfig = { provider: 'local' } | { provider: 'database' } | S3StorageConfig

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1')

const StorageEnvSchema = z.object({
  FILE_STORAGE: z.enum(['local', 'database', 's3']).optional(),
  SINGLE_INSTANCE: flag,
  S3_BUCKET: z.string().min(3).max(255).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag,
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, { error: 'letters, digits, "-" or "_" segments, each ending in "/" (e.g. attendee-app/)' })
    .default(''),
  S3_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
})

/** the storage configuration, or an Error whose message is a sentence for the operator */
export function loadStorageConfig(env: NodeJS.ProcessEnv, ctx: { isProduction: boolean; databaseUrl?: string }): StorageConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => v !== '' && (k === 'FILE_STORAGE' || k === 'SINGLE_INSTANCE' || k.startsWith('S3_'))),
  )
  const parsed = StorageEnvSchema.safeParse(cleaned)
  if (!parsed.success) throw new Error(`Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`)
  const e = parsed.data
  const provider = e.FILE_STORAGE ?? (e.S3_BUCKET ? 's3' : ctx.databaseUrl ? 'database' : 'local')

  if (provider === 's3') {
    const problems: string[] = []
    if (!e.S3_BUCKET) problems.push('FILE_STORAGE=s3 needs S3_BUCKET (the bucket, which must exist)')
    if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY)
      problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS SDK finds credentials itself)')
    if (problems.length) throw new Error(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    return {
      provider: 's3',
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix: e.S3_PREFIX,
      requestTimeoutMs: e.S3_REQUEST_TIMEOUT_MS,
    }
  }
  if (provider === 'local' && ctx.isProduction && ctx.databaseUrl && !e.SINGLE_INSTANCE) {
    throw new Error(
      "FILE_STORAGE=local keeps uploaded files on this machine's disk, which several instances on one DATABASE_URL cannot share: " +
        'leave FILE_STORAGE unset (files in the database) or set FILE_STORAGE=s3, or set SINGLE_INSTANCE=true if this deployment is one machine',
    )
  }
  return { provider }
}
