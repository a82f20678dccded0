/**
 * The checks of `npm run test:weapp`: each prints one line (ok or FAIL, its number, its name and
 * what it returns or why it failed), and the problems the mini-programs report are matched to the
 * check that was running when they happened.
 */
import type { MiniProgram, Problem } from './harness/miniprogram'

/** what the run has counted so far */
export const tally = { passed: 0, failed: 0 }
let n = 0

export function report(ok: boolean, name: string, detail?: string): void {
  n++
  if (ok) tally.passed++
  else tally.failed++
  const lines = (detail ?? '').split('\n').filter(Boolean)
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${String(n).padStart(2)} ${name}${ok && lines.length === 1 ? ` — ${lines[0]}` : ''}`)
  if (!ok || lines.length > 1) for (const l of lines) console.log(`        ${l}`)
}

/** every mini-program the run started (the checks look at their problems) */
export const mps: MiniProgram[] = []
/** problems that happened during some check: the last check reports any other (a late timer, a rejection) */
export const seenProblems = new Set<Problem>()

/**
 * runs one check: it passes unless it throws; what it returns is printed beside it. A check that
 * fails shows, besides its own reason, what the app reported while it ran.
 */
export async function check(name: string, fn: () => Promise<string | void> | string | void): Promise<boolean> {
  const before = new Set(mps.flatMap((m) => m.problems))
  const during = () => mps.flatMap((m) => m.problems).filter((p) => !before.has(p))
  try {
    const detail = await fn()
    // problems the check did not look at stay unseen: the last check reports them
    report(true, name, detail || undefined)
    return true
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    const extra = during().filter((p) => !message.includes(p.message))
    during().forEach((p) => seenProblems.add(p))
    report(false, name, [message, extra.length ? `the app also reported:\n${formatProblems(extra)}` : ''].filter(Boolean).join('\n'))
    return false
  }
}

/** one line per problem, a problem repeated (React renders again after an error) once */
export const formatProblems = (ps: Problem[]) => [...new Set(ps.map((p) => `[${p.page}] ${p.kind}: ${p.message}`))].join('\n')

/**
 * runs `steps`; when they fail (a wait timed out), the app's problems since `from` are the likelier
 * cause and are what the check reports; when they pass, those problems still fail the check
 */
export async function expectClean(mp: MiniProgram, from: number, steps: () => Promise<void>, only?: (p: Problem) => boolean): Promise<void> {
  try {
    await steps()
  } catch (e) {
    noProblemsSince(mp, from, only)
    throw e
  }
  noProblemsSince(mp, from, only)
}

/** throws with the problems the app had since `from` (an index into mp.problems), those of `only` page if given */
export function noProblemsSince(mp: MiniProgram, from: number, only?: (p: Problem) => boolean): void {
  const ps = mp.problems.slice(from).filter((p) => !only || only(p))
  ps.forEach((p) => seenProblems.add(p))
  if (ps.length) throw new Error(formatProblems(ps))
}

/** prints the notes and the tally: the process's exit code */
export function finish(started: number, verbose: boolean): number {
  // what the app did that WeChat tolerates but a reader may want to know (not counted)
  const notes = [...new Set(mps.flatMap((m) => m.notes))]
  if (notes.length) {
    console.log(`\nnotes (not failures):`)
    for (const note of notes.slice(0, verbose ? notes.length : 15)) console.log(`  ${note}`)
    if (!verbose && notes.length > 15) console.log(`  … ${notes.length - 15} more (--verbose)`)
  }
  const secs = ((Date.now() - started) / 1000).toFixed(0)
  console.log(`\n(${secs} s)`)
  console.log(`weapp: ${tally.passed} passed, ${tally.failed} failed`)
  return tally.failed > 0 || tally.passed === 0 ? 1 : 0
}
