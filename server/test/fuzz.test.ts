/**
 * Property-based fuzzing of every declared call, with fast-check.
 *
 * For EVERY call in ALL_CALLS (a call added later is fuzzed without touching this file) bodies are
 * derived from the call: random JSON values, and objects with the call's own field names filled
 * with a mix of plausible values (so a body gets past the other fields and reaches the service and
 * the database) and hostile ones (NUL, huge strings, objects with toString/valueOf/__proto__/
 * constructor keys, numbers where strings go, arrays, unicode, emoji, right-to-left marks, lone
 * surrogates, case-expanding letters, strings at the length limit its schema sets), plus
 * funcModule/funcOperation labels as hostile as the rest. Each is sent with no token, a valid
 * one, an expired, an unknown and a malformed one, in zh and en. Every answer must be: never a
 * 5xx, HTTP 200 with the JSON envelope {status, msgText, msgId, data}; status 0 with a msgId of
 * the catalogue and its text in the requested language.
 *
 * Field names come from the zod schema each route registers (app.declaredRoutes, filled by
 * kernel/http/route.ts). route() already refuses at compile time a schema whose keys differ from the
 * declared request type, so the schema's keys ARE the declared fields, at run time, for calls added
 * later too. The plausible values are kept by field name in PLAUSIBLE below, whose type is checked
 * against the declared request types (`satisfies Record<FieldName, …>`): a new or renamed field
 * without plausible values does not compile.
 *
 * Seeded and reproducible: a failure prints `FUZZ_SEED=… FUZZ_PATH=…` to replay exactly that case
 * (`FUZZ_SEED=123 FUZZ_PATH=4:0 npx jest -c server/jest.config.js fuzz -t getUser`). Without
 * FUZZ_SEED each run draws a new seed, so CI keeps exploring. FUZZ_RUNS sets the runs per call
 * (default 100: 1,100 requests, see server/README.md for what that costs).
 *
 * The app logs at trace level into a sink here, so every log line that touches client input (the
 * funcModule label, validation issues) runs too: a log line that String()s an object would fail.
 */
import fc from 'fast-check'
import { MESSAGES } from '@contracts/messages'
import { LANGS, PATH, PLAUSIBLE, RUNS, SEED, TOKENS, app, bodyFor, declared, errorLogs, mintToken, shapeOf, useFuzzedApp } from './fuzz-support'

useFuzzedApp()

describe('every declared call has its fields known to the fuzzer', () => {
  it.each(declared)('%s: its route registered an object schema whose fields all have plausible values', (_name, call) => {
    const route = app.declaredRoutes.get(call.path)
    expect(route?.call).toBe(call)
    const shape = shapeOf(route?.schema)
    expect(shape).not.toBeNull()
    for (const f of Object.keys(shape!)) expect(Object.keys(PLAUSIBLE)).toContain(f)
  })
})

describe(`fuzz: no 5xx, always the envelope (seed ${SEED}, ${RUNS} runs per call)`, () => {
  it.each(declared)('%s', async (name, call) => {
    const shape = shapeOf(app.declaredRoutes.get(call.path)?.schema) ?? {}
    const property = fc.asyncProperty(bodyFor(shape), fc.constantFrom(...TOKENS), fc.constantFrom(...LANGS), async (body, tokenKind, [langHeader, lang]) => {
      const token = await mintToken(tokenKind, call.auth)
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (token !== undefined) headers.authorization = token
      if (langHeader !== undefined) headers.lang = langHeader
      const logsBefore = errorLogs.length
      const res = await app.inject({ method: 'POST', url: call.path, headers, payload: JSON.stringify(body) })
      const why = () => `HTTP ${res.statusCode} ${res.body.slice(0, 300)}\n${errorLogs.slice(logsBefore).join('\n')}`

      if (res.statusCode >= 500) throw new Error(`5xx: ${why()}`)
      if (res.statusCode !== 200) throw new Error(`not HTTP 200: ${why()}`)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      const env = res.json() as Record<string, unknown>
      expect(Object.keys(env).sort()).toEqual(['data', 'msgId', 'msgText', 'status'])
      if (env.status === 0) {
        if (typeof env.msgId !== 'string' || !Object.prototype.hasOwnProperty.call(MESSAGES, env.msgId)) throw new Error(`unknown msgId: ${why()}`)
        // a text's {placeholders} are filled by the server (EREG2011 {min}-{max} …): any value matches
        const template = MESSAGES[env.msgId as keyof typeof MESSAGES][lang] as string
        const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`)
        expect(env.msgText).toMatch(pattern)
        expect(env.data).toBeNull()
      } else {
        expect(env.status).toBe(200)
        expect(env.msgId).toBe('')
        expect(env.msgText).toBe('')
      }
    })
    const out = await fc.check(property, { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: !!PATH })
    if (out.failed) {
      throw new Error(
        `fuzz ${name} failed; replay: FUZZ_SEED=${out.seed} FUZZ_PATH=${out.counterexamplePath} npx jest -c server/jest.config.js fuzz -t '${name}'\n` +
          fc.defaultReportMessage(out) +
          `\n${out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance)}`,
      )
    }
  })
})
