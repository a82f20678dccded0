import fs from 'node:fs'
import path from 'node:path'

/**
 * A loader command's input file, parsed. A missing file or bad JSON is reported through the
 * command's own error type (`problem`), so it is listed like every other problem of the file.
 */
export function readJsonFile(file: string, problem: (messages: string[]) => Error): unknown {
  const full = path.resolve(file)
  if (!fs.existsSync(full)) throw problem([`${full} does not exist`])
  try {
    return JSON.parse(fs.readFileSync(full, 'utf8'))
  } catch (e) {
    throw problem([`${full} is not valid JSON: ${(e as Error).message}`])
  }
}
