/**
 * Where in dist/weapp a piece of app code is: the file, line and column of a stack frame, with a
 * snippet of the minified line, so a report points at the code that did it.
 */
import fs from 'node:fs'
import path from 'node:path'

export interface CodePosition {
  file: string
  line: number
  column: number
  snippet?: string
}

const sourceCache = new Map<string, string[]>()

/** the first stack frame above `fn` that is a file of the mini-program */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function of the harness whose caller is wanted
export function callerOf(fn: (...args: any[]) => unknown, dist: string): CodePosition | null {
  const holder: { stack?: string } = {}
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 5
  Error.captureStackTrace(holder, fn)
  Error.stackTraceLimit = limit
  for (const line of (holder.stack ?? '').split('\n').slice(1)) {
    const pos = positionIn(line, dist)
    if (pos) return pos
  }
  return null
}

function positionIn(frame: string, dist: string): CodePosition | null {
  const m = /\(?([^\s()]+):(\d+):(\d+)\)?\s*$/.exec(frame)
  if (!m || !m[1].startsWith(dist + path.sep)) return null
  const file = path.relative(dist, m[1]).split(path.sep).join('/')
  const line = Number(m[2])
  const column = Number(m[3])
  let lines = sourceCache.get(m[1])
  if (!lines) {
    lines = fs.existsSync(m[1]) ? fs.readFileSync(m[1], 'utf8').split('\n') : []
    sourceCache.set(m[1], lines)
  }
  const text = lines[line - 1] ?? ''
  const snippet = text.slice(Math.max(0, column - 40), column + 40)
  return { file, line, column, snippet }
}

/** an error's message and the first position in the mini-program's files */
export function describeError(e: unknown, dist: string): string {
  // errors made inside the vm context are not instances of this realm's Error
  if (typeof e !== 'object' || e === null || !('message' in e)) return String(e)
  const err = e as Error
  const frames = String(err.stack ?? '')
    .split('\n')
    .slice(1)
  let where = ''
  for (const f of frames) {
    const pos = positionIn(f, dist)
    if (pos) {
      where = ` (at ${pos.file}:${pos.line}:${pos.column})`
      break
    }
  }
  return `${err.name ?? 'Error'}: ${err.message}${where}`
}
