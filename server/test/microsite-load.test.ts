/** The microsite loader behind `npm run microsite:load`: checks, one transaction, sanitising on save, the seed leaving an organiser's microsite alone. Set-up: microsite-support.ts. */
import { sql } from 'drizzle-orm'
import { getMicrositeByEventCode } from '@contracts/calls/microsite'
import * as micrositeRepo from '../src/microsite/repositories/microsite'
import { DEMO_MICROSITE, seed } from '../src/seed'
import { parseMicrositeFile } from '../src/microsite/rules/microsite-file'
import { MicrositeFileError } from '../src/microsite/load'
import { demoWith, load, t, useMicrositeApp } from './microsite-support'

useMicrositeApp()

describe('loading a microsite file', () => {
  afterAll(async () => {
    await load('DEMO', DEMO_MICROSITE)
  })

  it('the demo file passes and says what it loaded', async () => {
    await expect(load('DEMO', DEMO_MICROSITE)).resolves.toEqual({
      eventCode: 'DEMO',
      replaced: true,
      pages: 7,
      modules: 27,
      articles: 2,
      albums: 1,
      photos: 14,
    })
  })

  const bad = (change: (f: Record<string, any>) => void) => {
    const f = structuredClone(DEMO_MICROSITE) as Record<string, any>
    change(f)
    return f
  }
  it.each([
    ['not an object', () => 'hello', '(file): '],
    ['another version', () => bad((f) => (f.version = 2)), 'version: version must be 1'],
    ['a field it does not know', () => bad((f) => (f.colour = 'red')), '(file): Unrecognized key: "colour"'],
    ['a page code twice', () => bad((f) => (f.pages[3].code = 'agenda')), 'pages: the page code "agenda" is used twice'],
    [
      'a module pointing at nothing',
      () => bad((f) => (f.pages[0].modules[0].target = 'nope')),
      'pages[0].modules[0].target: there is no article with the code "nope"',
    ],
    ['type 4 without types', () => bad((f) => (f.pages[6].someUserTypes = [])), 'pages[6].someUserTypes: permissionType 4 needs the admitted attendee types'],
    ['permission type 5', () => bad((f) => (f.permissionType = 5)), 'permissionType: permissionType is 1 (anyone)'],
    ['no home page', () => bad((f) => f.pages.splice(0, 2)), 'pages: a microsite needs a home page'],
    [
      'a javascript: link',
      () => bad((f) => (f.pages[0].modules[5].target = 'javascript:alert(1)')),
      'pages[0].modules[5].target: a link is an http(s) address',
    ],
    ['a picture by data: address', () => bad((f) => (f.pages[0].banner = 'data:image/png;base64,AAAA')), 'pages[0].banner: a picture is a path on this server'],
    [
      'a text module without text',
      () => bad((f) => (f.pages[2].modules[0].texts.zh.html = f.pages[2].modules[0].texts.en.html = '')),
      'pages[2].modules[0].texts: a text module needs its html',
    ],
    ['a module kind it does not know', () => bad((f) => (f.pages[0].modules[0].kind = 'video')), "pages[0].modules[0].kind: a module's kind is one of"],
    [
      'a date without its offset',
      () => bad((f) => (f.articles[0].publishedAt = '2026-11-01 09:00')),
      'articles[0].publishedAt: publishedAt is an ISO date-time',
    ],
    ['a NUL character', () => bad((f) => (f.articles[1].titleEn = 'a\u0000b')), 'articles[1].titleEn: must not contain NUL characters'],
  ])('%s: refused with where and what, nothing written', async (_name, file, message) => {
    const before = await counts()
    const err = await load('DEMO', file()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MicrositeFileError)
    expect((err as MicrositeFileError).errors.join('\n')).toContain(message)
    expect(await counts()).toEqual(before)
  })

  it('an unknown event is refused', async () => {
    const err = await load('NOPE', DEMO_MICROSITE).catch((e: unknown) => e)
    expect((err as MicrositeFileError).errors).toEqual(['there is no event with the code "NOPE"'])
  })

  it('one transaction: a failure half way leaves the old microsite as it was', async () => {
    const before = await counts()
    const spy = jest.spyOn(micrositeRepo, 'insertPhotos').mockRejectedValueOnce(new Error('disk full'))
    try {
      await expect(load('DEMO', demoWith({ titleEn: 'Half written', permissionType: 2 }))).rejects.toThrow('disk full')
    } finally {
      spy.mockRestore()
    }
    expect(await counts()).toEqual(before)
    const site = (await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' })).body.data
    expect(site).toMatchObject({ titleEn: 'GDC 2026 microsite', permissionType: 1 })
  })

  it('rich text is sanitised on its way into the database', async () => {
    await load(
      'DEMO',
      bad(
        (f) =>
          (f.articles[0].contentZh = '<p onclick="x()">安全<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">链接</a></p>'),
      ),
    )
    const rows = await t.db.db.execute(
      sql`SELECT a.content_zh FROM cms_articles a JOIN events e ON e.id = a.event_id WHERE e.event_code = 'DEMO' AND a.article_code = 'welcome'`,
    )
    const stored = ((rows as unknown as { rows: Array<{ content_zh: string }> }).rows ?? rows)[0].content_zh
    expect(stored).toBe('<p>安全<a>链接</a></p>')
  })

  it('a replaced microsite survives the seed that runs at every start', async () => {
    await load('DEMO', demoWith({ titleEn: 'Organiser edition', permissionType: 2 }))
    await seed(t.db.db, t.clock.now())
    expect((await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' })).body.data).toMatchObject({ titleEn: 'Organiser edition', permissionType: 2 })
  })

  it('the check alone (--check) says the same as the load', () => {
    expect(parseMicrositeFile(DEMO_MICROSITE)).toMatchObject({ ok: true })
    expect(parseMicrositeFile({})).toMatchObject({ ok: false, errors: expect.arrayContaining(['version: version must be 1']) })
  })
})

async function counts(): Promise<Record<string, number>> {
  const tables = ['cms_webpages', 'cms_webpage_pages', 'webpage_modules', 'webpage_module_langs', 'cms_articles', 'cms_atlases', 'cms_atlas_photos']
  const out: Record<string, number> = {}
  for (const name of tables) {
    const r = await t.db.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${name}`))
    out[name] = ((r as unknown as { rows: Array<{ n: number }> }).rows ?? (r as unknown as Array<{ n: number }>))[0].n
  }
  const e = await t.db.db.execute(sql`SELECT permission_type AS p FROM events WHERE event_code = 'DEMO'`)
  out.demoPermissionType = ((e as unknown as { rows: Array<{ p: number }> }).rows ?? (e as unknown as Array<{ p: number }>))[0].p
  return out
}
