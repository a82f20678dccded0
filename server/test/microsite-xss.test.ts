/**
 * A corpus of known XSS payloads (test/fixtures/xss.ts) against the server's side of the rich
 * text: sanitize-html when an article or text module is saved, the rich-text nodes built for the
 * mini-program, and both as the calls answer them. The client's side (DOMPurify on H5, the nodes
 * check on weapp) has its own test over the same corpus: test/features/microsite/sanitize.test.ts.
 */
import { getArticleContent, listModuleTexts } from '@contracts/calls/microsite'
import { XSS_PAYLOADS, activeContent, elementsOfHtml, elementsOfNodes } from '../../test/fixtures/xss'
import { DEMO_MICROSITE } from '../src/seed'
import { richNodesOf, sanitizeRichHtml } from '../src/microsite/rules/rich-text'
import { loadMicrosite } from '../src/microsite/load'
import { setup, type TestContext } from './helper'

it('the corpus holds at least 50 payloads', () => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50)
})

it('the check finds what the payloads carry (it is not blind)', () => {
  const found = XSS_PAYLOADS.filter((p) => activeContent(elementsOfHtml(p)).length > 0)
  // every payload but those whose danger is only in how a browser would re-parse them
  expect(found.length).toBeGreaterThanOrEqual(XSS_PAYLOADS.length - 5)
})

describe.each(XSS_PAYLOADS.map((p, i) => [i, p] as const))('payload %i: %s', (_i, payload) => {
  it('sanitize-html leaves nothing that runs', () => {
    const clean = sanitizeRichHtml(payload)
    expect(activeContent(elementsOfHtml(clean))).toEqual([])
    // and sanitising again changes nothing (what is stored is already as clean as it gets)
    expect(sanitizeRichHtml(clean)).toBe(clean)
  })

  it('the rich-text nodes hold nothing that runs, from stored HTML or even from the raw payload', () => {
    expect(activeContent(elementsOfNodes(richNodesOf(sanitizeRichHtml(payload))))).toEqual([])
    expect(activeContent(elementsOfNodes(richNodesOf(payload)))).toEqual([])
  })
})

const STORABLE = XSS_PAYLOADS.filter((p) => !p.includes('\u0000'))

describe('as the calls answer them', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await setup()
    await t.reset()
    const file = structuredClone(DEMO_MICROSITE) as { articles: Array<{ contentZh: string }>; pages: Array<{ modules: unknown[] }> }
    // every payload in an article, and each in a text module of its own, 50 to a page (the file's
    // limit is 60); the loader refuses a NUL outright (tested in microsite-load.test.ts)
    file.articles[0].contentZh = STORABLE.join('\n')
    const modules = STORABLE.map((p, i) => ({ code: `x${i}`, kind: 'text', texts: { zh: { title: `x${i}`, subtitle: '', html: p } } }))
    file.pages[2].modules = modules.slice(0, 50)
    file.pages[3].modules = modules.slice(50)
    await loadMicrosite(t.app.deps, 'DEMO', file)
  })
  afterAll(async () => t?.close())

  it.each(['html', 'nodes'] as const)('article content as %s', async (format) => {
    const r = await t.post(getArticleContent.path, { eventCode: 'DEMO', pageCode: 'guide', articleCode: 'welcome', format })
    const c = r.body.data.content
    expect(activeContent(format === 'html' ? elementsOfHtml(c.html) : elementsOfNodes(c.nodes))).toEqual([])
  })

  it.each(['html', 'nodes'] as const)('module texts as %s', async (format) => {
    const texts = []
    for (const pageCode of ['agenda', 'venue']) texts.push(...(await t.post(listModuleTexts.path, { eventCode: 'DEMO', pageCode, format })).body.data)
    expect(texts).toHaveLength(STORABLE.length)
    for (const m of texts) {
      if (!m.content) continue
      expect(activeContent(format === 'html' ? elementsOfHtml(m.content.html) : elementsOfNodes(m.content.nodes))).toEqual([])
    }
  })
})
