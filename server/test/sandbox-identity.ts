/**
 * The WeChat Pay sandbox's keys, made once per machine for the tests: two RSA key pairs take half a
 * second, which every test file would otherwise spend on its new database. Each test database gets
 * them as its platform record, as a database of a running deployment keeps its own.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { newSandboxIdentity, SANDBOX_PLATFORM_KEY, type SandboxIdentity } from '../src/payments/wechatpay/sandbox-store'
import { writeSandboxRecord } from '../src/payments/repositories/sandbox-records'
import type { AppDb } from '../src/kernel/db/client'

const FILE = path.join(os.tmpdir(), 'attendee-server-wechatpay-sandbox-identity.json')

export function ensureSandboxIdentity(): SandboxIdentity {
  if (fs.existsSync(FILE)) return JSON.parse(fs.readFileSync(FILE, 'utf8')) as SandboxIdentity
  const identity = newSandboxIdentity()
  // write then rename: a run beside this one never reads a half-written file
  const tmp = `${FILE}.${process.pid}.tmp`
  fs.writeFileSync(tmp, JSON.stringify(identity))
  fs.renameSync(tmp, FILE)
  return identity
}

/** the keys as this database's platform record, before any app on it asks for them */
export async function giveSandboxIdentity(db: AppDb): Promise<void> {
  await writeSandboxRecord(db, SANDBOX_PLATFORM_KEY, ensureSandboxIdentity(), null)
}
