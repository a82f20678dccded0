/**
 * Every registered page file names its own route in <PageLayout route='…'>: the route name of a
 * page is what its title, guard and page views use, so a page copied from another and not renamed
 * would show the other's title and record the other's views.
 */
import fs from 'fs'
import path from 'path'
import { ROUTE_LIST } from '@/lib/router/routes'

const SRC = path.join(__dirname, '../../src')

describe.each(ROUTE_LIST)('page %s', (name, def) => {
  it(`${def.path}.tsx renders PageLayout with route='${name}'`, () => {
    const file = path.join(SRC, `${def.path}.tsx`)
    expect(fs.existsSync(file)).toBe(true)
    const routes = [...fs.readFileSync(file, 'utf8').matchAll(/<PageLayout\b[^>]*\broute=['"{]+(\w+)/g)].map((m) => m[1])
    expect(routes).toEqual([name])
  })
})
