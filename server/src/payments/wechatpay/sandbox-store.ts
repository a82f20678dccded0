/**
 * Where the WeChat Pay sandbox keeps what every instance must see: on the database the instances
 * share (payments/repositories/sandbox-records.ts). The platform's keys are made once per database
 * and read by every instance at start, as every server of one merchant holds the same merchant key
 * and trusts the same platform key; the transactions and refunds are read from there on every call,
 * so a payment opened through one instance is queried, closed, paid and refunded through any other.
 */
import crypto from 'node:crypto'
import type { AppDb, DbHandle } from '../../kernel/db/client'
import { readSandboxRecord, sandboxRecordsUnder, sandboxRecordsWhere, writeSandboxRecord } from '../repositories/sandbox-records'
import { newRsaKeyPair } from './v3-crypto'

/** the platform's and the merchant's key pairs and serials, and the APIv3 key: what a real merchant's servers share */
export interface SandboxIdentity {
  apiV3Key: string
  merchantSerial: string
  merchantPrivateKeyPem: string
  merchantPublicKeyPem: string
  platformSerial: string
  platformPrivateKeyPem: string
  platformPublicKeyPem: string
}

export function newSandboxIdentity(): SandboxIdentity {
  const m = newRsaKeyPair()
  const p = newRsaKeyPair()
  const serial = () => crypto.randomBytes(20).toString('hex').toUpperCase()
  return {
    apiV3Key: crypto.randomBytes(16).toString('hex'), // 32 characters
    merchantSerial: serial(),
    merchantPrivateKeyPem: m.privateKeyPem,
    merchantPublicKeyPem: m.publicKeyPem,
    platformSerial: serial(),
    platformPrivateKeyPem: p.privateKeyPem,
    platformPublicKeyPem: p.publicKeyPem,
  }
}

/** versioned records by key: a write names the version it read (null: a new record) and fails if another came first */
export interface SandboxStore {
  read(key: string): Promise<{ version: number; data: unknown } | null>
  write(key: string, data: unknown, version: number | null): Promise<boolean>
  /** the records under `prefix` whose data has `field` = `value` */
  where(prefix: string, field: string, value: string): Promise<Array<{ version: number; data: unknown }>>
  /** every record under `prefix` */
  under(prefix: string): Promise<Array<{ version: number; data: unknown }>>
}

/** the record that holds the platform's and the merchant's keys */
export const SANDBOX_PLATFORM_KEY = 'platform'

export function databaseSandboxStore(db: AppDb): SandboxStore {
  return {
    read: (key) => readSandboxRecord(db, key),
    write: (key, data, version) => writeSandboxRecord(db, key, data, version),
    where: (prefix, field, value) => sandboxRecordsWhere(db, prefix, field, value),
    under: (prefix) => sandboxRecordsUnder(db, prefix),
  }
}

/** the sandbox platform's keys of this database: made by the first instance that asks, read by the others */
export async function sharedSandboxIdentity(db: AppDb): Promise<SandboxIdentity> {
  const stored = await readSandboxRecord(db, SANDBOX_PLATFORM_KEY)
  if (stored) return stored.data as SandboxIdentity
  // two instances starting at once may both make keys: the first write wins and both read it back
  await writeSandboxRecord(db, SANDBOX_PLATFORM_KEY, newSandboxIdentity(), null)
  return (await readSandboxRecord(db, SANDBOX_PLATFORM_KEY))!.data as SandboxIdentity
}

/**
 * What the sandbox of an instance on this database is made with: the database's keys, and its
 * records on connections of their own (the platform is another system: its writes are no part of
 * the transaction that calls it). On PGlite, one process's database, the records stay in memory.
 */
export async function sharedSandbox(handle: DbHandle): Promise<{ identity: SandboxIdentity; store?: SandboxStore }> {
  const identity = await sharedSandboxIdentity(handle.db)
  const own = handle.separateConnections()
  return own ? { identity, store: databaseSandboxStore(own) } : { identity }
}
