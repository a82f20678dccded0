/**
 * The PostgreSQL pool's client (kernel/db/prepared-client.ts) sends drizzle's parameterised
 * queries as named prepared statements: the same text always under the same name, other texts
 * under others, queries without parameters (migrations, BEGIN) and pg's own Query objects as they
 * were. With DATABASE_URL (scripts/pg-test.sh) a real connection shows the statement prepared once.
 */
import pg from 'pg'
import { preparingClientClass } from '../src/kernel/db/prepared-client'

/** one pool's client class, as openPostgres makes it */
const PreparingClient = preparingClientClass()

afterEach(() => jest.restoreAllMocks())

function sent(): Array<[unknown, unknown]> {
  const calls: Array<[unknown, unknown]> = []
  jest.spyOn(pg.Client.prototype, 'query').mockImplementation(((config: unknown, values: unknown) => {
    calls.push([config, values])
    return Promise.resolve({ rows: [] })
  }) as never)
  return calls
}

it('names a parameterised query by its text, the same text always alike', async () => {
  const calls = sent()
  const client = new PreparingClient()
  await client.query({ text: 'select $1::int as n', rowMode: 'array' }, [1])
  await client.query({ text: 'select $1::int as n', rowMode: 'array' }, [2])
  await client.query({ text: 'select $1::int + 1 as n' }, [3])
  const names = calls.map(([c]) => (c as pg.QueryConfig).name)
  expect(names[0]).toMatch(/^d[0-9a-f]{20}$/)
  expect(names[1]).toBe(names[0])
  expect(names[2]).toMatch(/^d[0-9a-f]{20}$/)
  expect(names[2]).not.toBe(names[0])
  // the rest of the query is passed on unchanged
  expect(calls[0]).toEqual([{ text: 'select $1::int as n', rowMode: 'array', name: names[0] }, [1]])
})

it('leaves queries without parameters, named ones and plain strings as they are', async () => {
  const calls = sent()
  const client = new PreparingClient()
  await client.query({ text: 'CREATE TABLE x (id int)' }, [])
  await client.query({ text: 'select $1::int', name: 'mine' }, [1])
  await client.query('BEGIN')
  expect(calls.map(([c]) => c)).toEqual([{ text: 'CREATE TABLE x (id int)' }, { text: 'select $1::int', name: 'mine' }, 'BEGIN'])
})

const url = process.env.DATABASE_URL
;(url ? it : it.skip)('on PostgreSQL, a connection prepares the statement once and runs it again', async () => {
  const client = new PreparingClient({ connectionString: url })
  await client.connect()
  try {
    for (const n of [1, 2, 3]) expect((await client.query({ text: 'select $1::int as n' }, [n])).rows).toEqual([{ n }])
    const prepared = await client.query<{ statement: string }>("select statement from pg_prepared_statements where statement like 'select $1::int as n%'")
    expect(prepared.rows).toHaveLength(1)
  } finally {
    await client.end()
  }
})
