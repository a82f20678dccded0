/** planActivityChoice (schedule/rules/activities.ts) and the activity numbers of REGISTER_RULES, at their edges. */
import { planActivityChoice, type ActivityOption } from '../src/schedule/rules/activities'
import { REGISTER_RULES } from '../src/register/rules/register-rules'

const OPTIONS: ActivityOption[] = [
  { id: 1, code: 'a', signupOpen: true },
  { id: 2, code: 'b', signupOpen: true },
  { id: 3, code: 'c', signupOpen: true },
  { id: 4, code: 'talk', signupOpen: false },
]
const codes = (xs: ActivityOption[]) => xs.map((x) => x.code)

describe('planActivityChoice', () => {
  it.each<[string, number[], string[], number | null, string[] | string, string[]]>([
    ['nothing to nothing', [], [], null, [], []],
    ['add two', [], ['b', 'a'], null, ['a', 'b'], []],
    ['duplicates count once', [], ['a', 'a'], 1, ['a'], []],
    ['at the limit', [], ['a', 'b'], 2, ['a', 'b'], []],
    ['one over the limit', [], ['a', 'b', 'c'], 2, 'EREG2003', []],
    ['limit 0 refuses any', [], ['a'], 0, 'EREG2003', []],
    ['limit 0 allows none', [1], [], 0, [], ['a']],
    ['swap', [1], ['b'], 1, ['b'], ['a']],
    ['keep', [1, 2], ['a', 'b'], null, [], []],
    ['unknown code', [], ['zzz'], null, 'EREG2001', []],
    ['empty code', [], [''], null, 'EREG2001', []],
    ['closed for sign-up', [], ['talk'], null, 'EREG2001', []],
    ['closed but already had: may keep', [4], ['talk', 'a'], null, ['a'], []],
  ])('%s', (_name, current, wanted, max, expected, removed) => {
    const r = planActivityChoice(OPTIONS, current, wanted, max)
    if (typeof expected === 'string') {
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.msgId).toBe(expected)
      if (!r.ok && expected === 'EREG2003') expect(r.params).toEqual({ max })
    } else {
      expect(r.ok).toBe(true)
      if (r.ok) expect([codes(r.add), codes(r.remove)]).toEqual([expected, removed])
    }
  })

  it('the spec default is no limit', () => {
    expect(REGISTER_RULES.activities.defaultMaxPerAttendee).toBeNull()
  })
})
