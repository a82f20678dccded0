/**
 * The PostgreSQL pool's client class: every parameterised query drizzle sends goes as a
 * named prepared statement, so each connection parses and plans a statement once and then only
 * binds and runs it. Drizzle names a statement only when asked (`.prepare(name)` on the database,
 * unusable inside a transaction); unnamed, PostgreSQL parsed and planned each of a booking's
 * statements every time, which was a large part of the database's CPU per order.
 *
 * A statement's name is made from its text, so the same text always gets the same name. At most
 * PREPARED_MAX texts get names (the rest go unnamed, as before), which bounds what each connection
 * keeps prepared; drizzle puts every value in a parameter, so the texts are few (one per query
 * shape and list length). Behind a pooler in transaction mode that does not track prepared
 * statements (PgBouncer before 1.21), use a direct connection.
 */
import crypto from 'node:crypto'
import pg from 'pg'

const PREPARED_MAX = 2_000

/**
 * pg's Client, but query() names a parameterised query's statement (the type of query() is
 * unchanged). Each call makes a class with its own names: one per pool (kernel/db/client.ts openPostgres,
 * called by build()), so nothing is shared between apps.
 */
export function preparingClientClass(): typeof pg.Client {
  const names = new Map<string, string>()
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text)
    if (name === undefined && names.size < PREPARED_MAX) {
      name = `d${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`
      names.set(text, name)
    }
    return name
  }

  class PreparingClient extends pg.Client {}
  PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args
    // pg's own Query objects (they have submit) and plain strings pass as they are
    if (config && typeof config === 'object' && !('submit' in config)) {
      const c = config as pg.QueryConfig
      const params = Array.isArray(values) ? values : c.values
      // without parameters (migrations, BEGIN): as it was
      if (typeof c.text === 'string' && !c.name && params?.length) {
        const name = nameOf(c.text)
        if (name) args[0] = { ...c, name }
      }
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof pg.Client.prototype.query
  return PreparingClient
}
