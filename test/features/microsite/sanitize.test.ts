/**
 * The client's side of rich text against the XSS corpus (test/fixtures/xss.ts): the H5 sanitiser
 * (DOMPurify) and the mini-program's check of rich-text nodes, each given the raw payloads, as if
 * the server had let everything through. The server's side: server/test/microsite-xss.test.ts.
 */
import { sanitizeForH5 } from '@/features/microsite/model/sanitizeHtml'
import { cleanRichNodes } from '@/features/microsite/model/richNodes'
import type { RichNode } from '@contracts/microsite'
import { XSS_PAYLOADS, activeContent, elementsOfHtml, elementsOfNodes, type ElementLike } from '../../fixtures/xss'

/**
 * A parsed copy that runs nothing: jest's jsdom runs inline handlers (`ontoggle` …) of what is put
 * into the page, and the payloads must only run where a test means them to.
 */
const inert = (html: string): HTMLElement => new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html').body

/** the elements as the browser (jsdom) parses the output, which is what H5 shows */
function elementsOfDom(html: string): ElementLike[] {
  return Array.from(inert(html).querySelectorAll('*')).map((el) => ({
    tag: el.tagName.toLowerCase(),
    attrs: Object.fromEntries(Array.from(el.attributes).map((a) => [a.name, a.value])),
  }))
}

/** nodes as a careless server might send them: straight from the payload's HTML */
function rawNodesOf(html: string): RichNode[] {
  const box = inert(html)
  const walk = (n: Node): RichNode[] => {
    if (n.nodeType === Node.TEXT_NODE) return [{ type: 'text', text: n.textContent ?? '' }]
    if (n.nodeType !== Node.ELEMENT_NODE) return []
    const el = n as Element
    return [
      {
        name: el.tagName.toLowerCase(),
        attrs: Object.fromEntries(Array.from(el.attributes).map((a) => [a.name, a.value])),
        children: Array.from(el.childNodes).flatMap(walk),
      },
    ]
  }
  return Array.from(box.childNodes).flatMap(walk)
}

it('the corpus holds at least 50 payloads', () => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50)
})

describe.each(XSS_PAYLOADS.map((p, i) => [i, p] as const))('payload %i: %s', (_i, payload) => {
  it('H5: DOMPurify leaves nothing that runs, as jsdom and as htmlparser2 read it', () => {
    const clean = sanitizeForH5(payload)
    expect(activeContent(elementsOfDom(clean))).toEqual([])
    expect(activeContent(elementsOfHtml(clean))).toEqual([])
  })

  it('weapp: the nodes that reach rich-text hold nothing that runs', () => {
    const raw = rawNodesOf(payload)
    expect(activeContent(elementsOfNodes(cleanRichNodes(raw, 'https://api.example.com')))).toEqual([])
  })
})

describe("put into the page (jest's jsdom runs inline handlers, as a browser does)", () => {
  const settle = () => new Promise((r) => setTimeout(r, 50))
  let alertSpy: jest.SpyInstance
  beforeEach(() => {
    alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined)
  })
  afterEach(() => {
    alertSpy.mockRestore()
    document.body.innerHTML = ''
  })

  it('the raw corpus does set off a handler here (so the next test could see one)', async () => {
    // a raw javascript: frame calls its own window's alert, which jsdom reports as not implemented
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      document.body.innerHTML = `<div>${XSS_PAYLOADS.join('')}</div>`
      await settle()
      expect(alertSpy).toHaveBeenCalled()
    } finally {
      quiet.mockRestore()
    }
  })

  it('the sanitised corpus sets off none', async () => {
    document.body.innerHTML = XSS_PAYLOADS.map((p) => `<div>${sanitizeForH5(p)}</div>`).join('')
    await settle()
    expect(alertSpy).not.toHaveBeenCalled()
  })
})

describe('what is kept', () => {
  it('text, structure, pictures and links of this site or the web; links open in a new window', () => {
    const out = sanitizeForH5(
      '<h3>议程</h3><p class="lead">你好 <a href="https://example.com/x">链接</a></p><img src="/files/a.jpg" alt="a"><iframe src="/files/map.html"></iframe>',
    )
    expect(out).toBe(
      '<h3>议程</h3><p class="lead">你好 <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">链接</a></p>' +
        '<img src="/files/a.jpg" alt="a" loading="lazy"><iframe src="/files/map.html" sandbox=""></iframe>',
    )
  })

  it("weapp: pictures get the API server's address and a width that fits", () => {
    expect(cleanRichNodes([{ name: 'img', attrs: { src: '/files/a.jpg', onload: 'x()', alt: 'a' } }], 'https://api.example.com')).toEqual([
      { name: 'img', attrs: { src: 'https://api.example.com/files/a.jpg', alt: 'a', style: expect.stringContaining('max-width:100%') } },
    ])
  })
})
