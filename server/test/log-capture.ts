/** A pino destination that keeps what it is given, so a test can read the log as shipped. */
import { Writable } from 'node:stream'

export class LogCapture extends Writable {
  private chunks: string[] = []

  _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk.toString())
    done()
  }

  /** everything logged so far, as written (JSON lines) */
  get text(): string {
    return this.chunks.join('')
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- log lines are loose JSON
  entries(): any[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  }

  clear(): void {
    this.chunks = []
  }
}

/** logger options for build(): level info, into a fresh capture */
export function captureLogs(): { logs: LogCapture; logger: { level: string; stream: LogCapture } } {
  const logs = new LogCapture()
  return { logs, logger: { level: 'info', stream: logs } }
}

/** `value` appears in `text` as a whole token (a 6-digit code inside a timestamp does not count) */
export function mentions(text: string, value: string): boolean {
  const v = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![0-9A-Za-z])${v}(?![0-9A-Za-z])`).test(text)
}
