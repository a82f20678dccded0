/**
 * Rows as JSON, for writing several related rows in ONE statement (a booking's order,
 * passengers, seat holds, timeline event and deadline job go to PostgreSQL in one round trip
 * instead of five). The rows travel as one JSON parameter that PostgreSQL spreads over the table's
 * columns (`json_populate_record(set)`). Column names and value mapping come from the drizzle
 * table, so a column added to the table is carried without touching the SQL that uses these.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

type Columns<T extends PgTable> = T['_']['columns']
type Key<T extends PgTable> = keyof Columns<T> & string

/** json/jsonb values travel as they are (mapToDriverValue would stringify them into a JSON string) */
const isJson = (c: { dataType: string }) => c.dataType === 'json'

/** a row (drizzle keys, JS values) as a JSON object keyed by column name, for json_populate_record */
export function toRecord<T extends PgTable>(table: T, row: Partial<T['$inferSelect']>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = (row as Record<string, unknown>)[key]
    if (value === undefined) continue
    out[column.name] = value === null || isJson(column) ? value : column.mapToDriverValue(value)
  }
  return out
}

const columnLists = new Map<string, SQL>()

/**
 * `"a", "b", …`: the table's columns but `except` (by drizzle key), prefixed with `alias.` when
 * given. Made once per table and list, as one raw chunk (the names are the schema's own, quoted):
 * drizzle renders a chunk per identifier otherwise, on every query.
 */
export function columnList<T extends PgTable>(table: T, except: Array<Key<T>>, alias?: string): SQL {
  const columns = getTableColumns(table)
  const id = `${getTableName(table)}|${except.join(',')}|${alias ?? ''}`
  let list = columnLists.get(id)
  if (!list) {
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
    const names = Object.entries(columns)
      .filter(([key]) => !except.includes(key as Key<T>))
      .map(([, column]) => (alias ? `${quote(alias)}.${quote(column.name)}` : quote(column.name)))
    list = sql.raw(names.join(', '))
    columnLists.set(id, list)
  }
  return list
}

/** the rows of `db.execute` on node-postgres and on PGlite alike */
export const rowsOf = <R>(result: unknown): R[] => ((result as { rows?: R[] }).rows ?? (result as R[])) as R[]
