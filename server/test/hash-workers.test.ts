/** Password hashes on low-priority worker threads (auth/hash-workers.ts). */
import fs from 'node:fs'
import { AUTH_RULES } from '../src/auth/rules/auth-rules'
import { hashPassword, verifyPassword } from '../src/auth/rules/passwords'
import { HashWorkers } from '../src/auth/hash-workers'

let workers: HashWorkers
beforeEach(() => {
  workers = new HashWorkers({ nice: AUTH_RULES.hashNice })
})
afterEach(async () => workers.close())

/** nice value of every thread of this process (Linux) */
function threadNices(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })
}

it('hashes as node does: a stored hash verifies with the workers, a wrong password does not', async () => {
  const stored = await hashPassword('Demo@2026')
  expect(await verifyPassword('Demo@2026', stored, workers.scrypt)).toBe(true)
  expect(await verifyPassword('Demo@2027', stored, workers.scrypt)).toBe(false)
  expect(await verifyPassword('Demo@2026', undefined, workers.scrypt)).toBe(false)
})

it('runs parallel hashes on as many workers, then reuses them', async () => {
  const stored = await hashPassword('x')
  expect(await Promise.all([1, 2, 3].map(() => verifyPassword('x', stored, workers.scrypt)))).toEqual([true, true, true])
  expect(workers.size).toBe(3)
  await verifyPassword('x', stored, workers.scrypt)
  expect(workers.size).toBe(3)
})

it('a failing hash is an error, and the worker goes on', async () => {
  await expect(workers.scrypt('x', Buffer.alloc(16), 64, { N: 3 })).rejects.toThrow()
  expect(await verifyPassword('x', await hashPassword('x'), workers.scrypt)).toBe(true)
})

const onLinux = process.platform === 'linux' ? it : it.skip
onLinux('on Linux the worker threads run at nice hashNice, the rest of the process does not', async () => {
  const before = threadNices().filter((n) => n === AUTH_RULES.hashNice).length
  await verifyPassword('x', await hashPassword('x'), workers.scrypt)
  const nices = threadNices()
  expect(nices.filter((n) => n === AUTH_RULES.hashNice).length).toBe(before + 1)
  expect(nices).toContain(0)
})
