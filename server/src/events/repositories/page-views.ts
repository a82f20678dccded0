import type { Queryable } from '../../kernel/db/client'
import { pageViews } from '../../kernel/db/schema'

export async function insertPageView(q: Queryable, v: Omit<typeof pageViews.$inferInsert, 'id'>): Promise<void> {
  await q.insert(pageViews).values(v)
}
