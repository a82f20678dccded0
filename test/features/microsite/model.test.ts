/** features/microsite/model: where modules lead, what the detail page shows, how H5 shows a link, where a refusal sends. */
import { detailTargetOf, moduleDestination } from '@/features/microsite/model/navigation'
import { linkModeOf } from '@/features/microsite/model/links'
import { redirectFor } from '@/features/microsite/model/access'
import { inLanguage } from '@/features/microsite/model/texts'
import { assetUrl } from '@/features/microsite/model/richNodes'

describe('moduleDestination', () => {
  it.each([
    ['sudoku', { kind: 'page', target: 'agenda', moduleCode: 'm' }, { route: 'micrositeDetail', query: { page: 'agenda' } }],
    ['2.5d', { kind: 'page', target: 'agenda', moduleCode: 'm' }, { route: 'microsite25dDetail', query: { page: 'agenda' } }],
    ['sudoku', { kind: 'article', target: 'welcome', moduleCode: 'm' }, { route: 'micrositeDetail', query: { page: 'home', article: 'welcome' } }],
    ['2.5d', { kind: 'album', target: 'photos', moduleCode: 'm' }, { route: 'microsite25dDetail', query: { page: 'home', album: 'photos' } }],
    // the web-view page gets codes, never the address itself
    ['sudoku', { kind: 'link', target: 'https://x.example', moduleCode: 'site' }, { route: 'microsite25dWebView', query: { page: 'home', module: 'site' } }],
    ['sudoku', { kind: 'text', target: '', moduleCode: 'm' }, { route: 'micrositeDetail', query: { page: 'home' } }],
  ] as const)('%s %j → %j', (style, m, to) => {
    expect(moduleDestination(style, 'home', m)).toEqual(to)
  })
})

describe('detailTargetOf', () => {
  it.each([
    [{ page: 'agenda' }, { kind: 'page', pageCode: 'agenda' }],
    [
      { page: 'guide', article: 'welcome' },
      { kind: 'article', pageCode: 'guide', articleCode: 'welcome' },
    ],
    [
      { page: 'guide', album: 'photos' },
      { kind: 'album', pageCode: 'guide', atlasCode: 'photos' },
    ],
    [{ article: 'welcome' }, { kind: 'none' }],
    [{}, { kind: 'none' }],
  ])('%j → %j', (params, target) => {
    expect(detailTargetOf(params)).toEqual(target)
  })
})

describe('linkModeOf (H5)', () => {
  const ORIGIN = 'https://app.example.com'
  it.each([
    ['/files/map.html', false, 'frame'],
    ['https://app.example.com/files/map.html', false, 'frame'],
    ['https://partner.example.org/', true, 'frame'],
    ['https://partner.example.org/', false, 'window'],
    ['//partner.example.org/', true, 'window'],
    ['javascript:alert(1)', true, 'window'],
    ['not a url', true, 'window'],
  ] as const)('%s, embeddable %s → %s', (url, embeddable, mode) => {
    expect(linkModeOf(url, embeddable, ORIGIN)).toBe(mode)
  })
})

describe('redirectFor', () => {
  it.each([
    [{ enabled: false, access: 'allow' }, 'notEnabled'],
    [{ enabled: false, access: 'login' }, 'notEnabled'],
    [{ enabled: true, access: 'login' }, 'login'],
    [{ enabled: true, access: 'forbidden' }, 'permissions'],
    [{ enabled: true, access: 'allow' }, null],
    [{ access: 'forbidden' }, 'permissions'],
  ] as const)('%j → %s', (v, route) => {
    expect(redirectFor(v)).toBe(route)
  })
})

it('inLanguage falls back to the other language', () => {
  expect(inLanguage('en', '日程', 'Agenda')).toBe('Agenda')
  expect(inLanguage('en', '日程', '')).toBe('日程')
  expect(inLanguage('zh', '', 'Agenda')).toBe('Agenda')
})

it('assetUrl puts paths of the server on its address, leaves others', () => {
  expect(assetUrl('/files/a.jpg', 'https://api.example.com')).toBe('https://api.example.com/files/a.jpg')
  expect(assetUrl('https://cdn.example.com/a.jpg', 'https://api.example.com')).toBe('https://cdn.example.com/a.jpg')
  expect(assetUrl('/files/a.jpg', '')).toBe('/files/a.jpg')
})
