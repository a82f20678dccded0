/**
 * The mini-program harness (e2e-weapp/) on a small hand-written mini-program, so its WeChat
 * semantics are pinned without a Taro build or a server: module loading and Page(), setData
 * paths, taps that bubble and stop at catch, the subscription prompt only from a tap, typing,
 * storage, navigation rules, and what counts as a page's problem (a global `window`, a page
 * throwing at load, a request outside the registered origin). `npm run test:weapp` runs the harness on the real build.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MiniProgram, parsePath, setPath } from '../../e2e-weapp/harness/miniprogram'

const FILES: Record<string, string> = {
  'app.json': JSON.stringify({
    pages: ['pages/a/a', 'pages/b/b', 'pages/c/c'],
    subPackages: [{ root: 'sub', pages: ['s/s'] }],
    window: {},
  }),
  'app.js': `App({ onLaunch(o) { this.launched = o } })`,
  'pages/a/a.js': `
    Page({
      data: { root: { cn: [] } },
      onLoad(q) { this.setData({ 'root.cn[0]': { cl: 'box', v: 'hello ' + q.who }, 'root.n': 1 }) },
      onTap(e) { const app = getApp(); app.tapped = (app.tapped || []).concat([e.type + ':' + e.currentTarget.id + ':' + e.target.dataset.sid]) },
      onInput(e) { this.setData({ 'root.value': e.detail.value }) },
      onAsk() { wx.requestSubscribeMessage({ tmplIds: ['T1', 'T2'], success: (r) => { getApp().subscribed = r }, fail: (e) => { getApp().subscribed = e } }) },
    })`,
  'pages/a/a.wxml': `
    <view class="outer" id="o" bindtap="onTap" data-sid="o1">
      <view class="{{root.cn[0].cl}}" id="i" bindtap="onTap" data-sid="i1">{{root.cn[0].v}}</view>
      <view class="stop" id="s" catchtap="onTap" data-sid="s1">stop</view>
      <view class="ask" id="k" catchtap="onAsk">ask</view>
      <view class="static">no tap of its own</view>
      <input class="field" value="{{root.value}}" bindinput="onInput" />
    </view>`,
  'pages/b/b.js': `Page({ onLoad() { this.setData({ href: window.location.href }) } })`,
  'pages/b/b.wxml': `<view>b</view>`,
  'pages/c/c.js': `throw new Error('c breaks while loading')`,
  'pages/c/c.wxml': `<view>c</view>`,
  'sub/s/s.js': `Page({ onLoad(q) { getApp().subQuery = q } })`,
  'sub/s/s.wxml': `<view class="sub">sub</view>`,
}

let dist: string
let mp: MiniProgram

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'weapp-harness-test-'))
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
    fs.writeFileSync(path.join(dist, file), text)
    if (file.endsWith('.wxml')) fs.writeFileSync(path.join(dist, file.replace(/\.wxml$/, '.json')), '{}')
  }
})

afterAll(() => {
  mp?.dispose()
  fs.rmSync(dist, { recursive: true, force: true })
})

const settle = () => mp.settle(30, 5000)
const app = () => mp.getApp() as { launched: { query: Record<string, string> }; tapped?: string[]; subQuery?: Record<string, string> }

describe('setData paths as WeChat reads them', () => {
  it('splits dots and indexes, with or without a dot before the bracket', () => {
    expect(parsePath('root.cn.[0].cn.[12].v')).toEqual(['root', 'cn', 0, 'cn', 12, 'v'])
    expect(parsePath('root.cn[3]')).toEqual(['root', 'cn', 3])
  })

  it('creates missing objects and arrays on the way', () => {
    const data: Record<string, unknown> = {}
    setPath(data, parsePath('root.cn.[1].v'), 'x')
    expect(data).toEqual({ root: { cn: [undefined, { v: 'x' }] } })
  })
})

describe('a hand-made mini-program in the harness', () => {
  beforeAll(async () => {
    mp = new MiniProgram({ apiOrigin: 'http://127.0.0.1:9', dist })
    mp.launch('pages/a/a?who=world')
    await settle()
  })

  it('launches: App() gets the launch options, the entry page its query and its first render', () => {
    expect(app().launched.query).toEqual({ who: 'world' })
    expect(mp.currentRoute).toBe('pages/a/a')
    expect(mp.screen().textOf('.box')).toBe('hello world')
  })

  it('reports a page that throws while its file loads, against that page', () => {
    expect(mp.problems).toContainEqual(expect.objectContaining({ kind: 'load', page: 'pages/c/c', message: expect.stringContaining('c breaks while loading') }))
  })

  it('bubbles a tap from the element through every ancestor that binds it', async () => {
    app().tapped = []
    mp.tap('.box')
    await settle()
    expect(app().tapped).toEqual(['tap:i:i1', 'tap:o:i1'])
  })

  it('stops the tap at catchtap', async () => {
    app().tapped = []
    mp.tap('.stop')
    await settle()
    expect(app().tapped).toEqual(['tap:s:s1'])
  })

  it('lets an element without a binding of its own pass the tap to its ancestors', async () => {
    app().tapped = []
    mp.tap('.static')
    await settle()
    expect(app().tapped).toEqual(['tap:o:undefined'])
  })

  it('shows the subscription prompt only from a tap, answering each template as the test queues (accept when it queued nothing)', async () => {
    mp.answers.subscribe.push('reject')
    mp.tap('.ask')
    await settle()
    expect((app() as { subscribed?: unknown }).subscribed).toEqual({ errMsg: 'requestSubscribeMessage:ok', T1: 'reject', T2: 'reject' })
    mp.tap('.ask')
    await settle()
    expect((app() as { subscribed?: unknown }).subscribed).toEqual({ errMsg: 'requestSubscribeMessage:ok', T1: 'accept', T2: 'accept' })
    // outside a tap (a timer, after an await): WeChat refuses
    await expect(mp.wx.requestSubscribeMessage({ tmplIds: ['T1'] })).rejects.toEqual({
      errMsg: 'requestSubscribeMessage:fail can only be invoked by user TAP gesture.',
    })
  })

  it('types character by character into an input, the page setting what it receives', async () => {
    mp.type('.field', 'abc')
    await settle()
    expect(mp.currentPage!.data.root.value).toBe('abc')
    expect(mp.screen().find('.field').attr.value).toBe('abc')
  })

  it('keeps storage as WeChat does: a copy, and an empty string for a missing key', () => {
    const value = { a: [1, 2] }
    mp.wx.setStorageSync('k', value)
    value.a.push(3)
    expect(mp.wx.getStorageSync('k')).toEqual({ a: [1, 2] })
    expect(mp.wx.getStorageSync('missing')).toBe('')
    expect(mp.wx.getStorageInfoSync().keys).toEqual(['k'])
  })

  it('opens a subpackage page with its query as the route APIs parse it', async () => {
    await mp.wx.navigateTo({ url: '/sub/s/s?k=v&flag&cut=3==x' })
    await settle()
    expect(mp.stack.map((p) => p.route)).toEqual(['pages/a/a', 'sub/s/s'])
    expect(app().subQuery).toEqual({ k: 'v', flag: 'undefined', cut: '3' })
    await mp.back()
    expect(mp.currentRoute).toBe('pages/a/a')
  })

  it('refuses what WeChat refuses: switchTab without a tabBar, unknown pages, an 11th page, a page that failed to load', async () => {
    await expect(mp.wx.switchTab({ url: '/pages/a/a' })).rejects.toEqual({ errMsg: 'switchTab:fail can not switch to no-tabBar page' })
    await expect(mp.wx.navigateTo({ url: '/pages/none/none' })).rejects.toEqual({ errMsg: 'navigateTo:fail page "pages/none/none" is not found' })
    await expect(mp.wx.navigateTo({ url: '/pages/c/c' })).rejects.toMatchObject({ errMsg: expect.stringContaining('failed to load') })
    for (let i = 1; i < 10; i++) await mp.wx.navigateTo({ url: `/pages/a/a?who=${i}` })
    expect(mp.stack).toHaveLength(10)
    await expect(mp.wx.navigateTo({ url: '/pages/a/a' })).rejects.toEqual({ errMsg: 'navigateTo:fail webview count limit exceed' })
  })

  it('has no window: a page that reads it fails with a ReferenceError against that page', async () => {
    const from = mp.problems.length
    await mp.reLaunch('/pages/b/b')
    await settle()
    expect(mp.problems.slice(from)).toContainEqual(
      expect.objectContaining({ kind: 'error', page: 'pages/b/b', message: expect.stringContaining('ReferenceError: window is not defined') }),
    )
  })

  it('lets requests go only to the registered origin, as WeChat does', async () => {
    const from = mp.problems.length
    // wx.request answers by callbacks only (it returns its RequestTask)
    const failed = await new Promise((resolve) => mp.wx.request({ url: '/api/getUser', method: 'POST', success: resolve, fail: resolve }))
    expect(failed).toMatchObject({ errMsg: expect.stringContaining('request:fail invalid url') })
    expect(mp.problems.slice(from)).toContainEqual(expect.objectContaining({ kind: 'request', message: expect.stringContaining('TARO_APP_API_BASE_URL') }))
  })
})
