/**
 * kernel/http/plugins/security.ts takes helmet's headers once (per build's inline-script hashes) and copies them
 * onto each response: what it records must be what helmet itself sets on a real response.
 */
import http from 'node:http'
import helmet from 'helmet'
import { recordHeaders } from '../src/kernel/http/plugins/security'

describe('recordHeaders', () => {
  it('records what helmet sets on a real node response, removals included', async () => {
    let calls = 0
    const middleware = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", () => `'x-${++calls}'`] } },
    })
    const server = http.createServer((req, res) => {
      res.setHeader('X-Powered-By', 'something')
      middleware(req, res, () => res.end())
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    try {
      const { port } = server.address() as { port: number }
      const real = await fetch(`http://127.0.0.1:${port}/`)
      const recorded = new Map(recordHeaders(middleware).map(([k, v]) => [k.toLowerCase(), v]))
      expect(recorded.has('x-powered-by')).toBe(false)
      expect(real.headers.get('x-powered-by')).toBeNull()
      for (const [name, value] of recorded) {
        // the function source is called per run of the middleware: 1 for the real answer, 2 for the recording
        expect(real.headers.get(name)).toBe(name === 'content-security-policy' ? value.replace("'x-2'", "'x-1'") : value)
      }
      const helmetNames = [...real.headers.keys()].filter((n) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(n))
      expect(helmetNames.sort()).toEqual([...recorded.keys()].sort())
    } finally {
      server.close()
    }
  })

  it('a middleware that fails is an error at once, not a response without its headers', () => {
    const failing = ((_req: unknown, _res: unknown, next: (e?: unknown) => void) => next(new Error('bad directive'))) as unknown as Parameters<
      typeof recordHeaders
    >[0]
    expect(() => recordHeaders(failing)).toThrow('bad directive')
  })
})
