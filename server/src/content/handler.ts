/** What the console's content calls need of each kind of content (register/form-content.ts, microsite/site-content.ts). */
import type { ContentPreview, ContentProblem } from '@contracts/admin/content'
import type { Lang } from '@contracts/messages'
import type { Queryable, Tx } from '../kernel/db/client'
import type { EventRow } from '../events/repositories/events'

export interface ContentHandler<D> {
  /** the audit row's action */
  action: string
  /** the published content as its file's JSON value; null: the event has none */
  read(q: Queryable, event: EventRow): Promise<unknown>
  /** the file's own checker */
  check(input: unknown, lang: Lang): { ok: true; data: D } | { ok: false; problems: ContentProblem[] }
  preview(data: D, event: EventRow): ContentPreview
  /** the command line's writer, in the caller's transaction */
  write(tx: Tx, event: EventRow, data: D, now: Date): Promise<void>
  /** what the audit row keeps of it */
  summary(data: D): Record<string, unknown>
}
