/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Tencent COS, Alibaba OSS …) through the AWS SDK
 * v3: every instance reads what any of them wrote, wherever they run. Chosen with FILE_STORAGE=s3
 * (config.ts, docs/storage.md). Objects are `<prefix><key>`; the bucket must exist.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import type { S3StorageConfig } from './config'
import { checkedKey } from './keys'
import type { FileStorage } from './types'

export class S3Storage implements FileStorage {
  readonly description: string
  private readonly client: S3Client

  constructor(private readonly c: S3StorageConfig) {
    this.description = `s3 ${c.bucket}/${c.prefix}${c.endpoint ? ` at ${c.endpoint}` : ''}`
    this.client = new S3Client({
      region: c.region,
      ...(c.endpoint ? { endpoint: c.endpoint } : {}),
      forcePathStyle: c.forcePathStyle,
      // none given: the SDK's own chain (instance role, AWS_* variables, profile)
      ...(c.accessKeyId && c.secretAccessKey ? { credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } } : {}),
      // a stalled store must not hold an upload or a download for ever
      requestHandler: { requestTimeout: c.requestTimeoutMs, connectionTimeout: c.requestTimeoutMs },
      maxAttempts: 3,
      // checksums only where S3 requires them: the SDK's newer defaults (a CRC on every request and
      // answer) are refused or mis-read by many S3-compatible stores
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  private objectKey(key: string): string {
    return `${this.c.prefix}${checkedKey(key)}`
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.c.bucket, Key: this.objectKey(key), Body: bytes, ContentLength: bytes.length }))
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.c.bucket, Key: this.objectKey(key) }))
      if (!res.Body) return null
      return Buffer.from(await res.Body.transformToByteArray())
    } catch (e) {
      if (e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404)) return null
      throw e
    }
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing object with success too
    await this.client.send(new DeleteObjectCommand({ Bucket: this.c.bucket, Key: this.objectKey(key) }))
  }

  close(): void {
    this.client.destroy()
  }
}
