/**
 * Password hashing with node's scrypt (memory-hard, slow on purpose), a random salt per user,
 * and a timing-safe comparison. Stored form: `scrypt$N$r$p$<salt b64>$<hash b64>` so the cost can
 * be raised later without breaking existing hashes.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const N = 16384
const R = 8
const P = 1
const KEYLEN = 64

/** how a hash is computed: node's libuv thread pool by default; the server passes its low-priority workers */
export type ScryptFn = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) => Promise<Buffer>

export const libuvScrypt: ScryptFn = (password, salt, keylen, opts) =>
  new Promise((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))))

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions, fn: ScryptFn = libuvScrypt) =>
  fn(password.normalize('NFKC'), salt, keylen, opts)

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 })
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string | null | undefined, scryptFn?: ScryptFn): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [, n, r, p, saltB64, hashB64] = parts
  const expected = Buffer.from(hashB64, 'base64')
  const key = await scrypt(
    password,
    Buffer.from(saltB64, 'base64'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 64 * 1024 * 1024,
    },
    scryptFn,
  )
  const ok = key.length === expected.length && timingSafeEqual(key, expected)
  // an unknown user is checked against DUMMY_HASH so the answer takes as long as for a real one
  return ok && stored != null
}

/** A valid hash of a random password nobody knows: used when the user name does not exist. */
const DUMMY_HASH = 'scrypt$16384$8$1$c2FsdC1mb3ItdW5rbm93bg==$' + Buffer.alloc(KEYLEN, 7).toString('base64')
