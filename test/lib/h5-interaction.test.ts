/**
 * The H5 build's Taro.showLoading / showToast / showModal (src/lib/h5-interaction.ts, put in place
 * of @tarojs/taro-h5's interaction module by config/taro-plugins/h5-lean/interaction.ts): the loading indicator and
 * plain toasts drawn as Taro draws them, the rest answered by Taro's own module loaded on first use.
 */
import * as nodeTimers from 'timers'

type Interaction = typeof import('@/lib/h5-interaction')

/** a fresh copy of the module (its element and state are module-level), on an empty page */
function fresh(): Interaction {
  document.body.innerHTML = ''
  let m: Interaction | undefined
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    m = require('@/lib/h5-interaction') as Interaction
  })
  return m as Interaction
}

const toastEl = () => document.querySelector<HTMLElement>('.taro__toast')
const maskOf = (el: HTMLElement) => el.children[0] as HTMLElement
const titleOf = (el: HTMLElement) => el.children[1].children[1] as HTMLElement
const spinnerOf = (el: HTMLElement) => el.children[1].children[0] as HTMLElement
const realDelay = (ms: number) => new Promise((resolve) => nodeTimers.setTimeout(resolve, ms))

afterEach(() => jest.useRealTimers())

describe('loading indicator', () => {
  it('shows the title over a mask with a spinner, and goes on hideLoading', async () => {
    jest.useFakeTimers()
    const ui = fresh()
    await expect(ui.showLoading({ title: '加载中', mask: true })).resolves.toMatchObject({ errMsg: 'showLoading:ok' })
    const el = toastEl() as HTMLElement
    expect(el.getAttribute('role')).toBe('status')
    expect(titleOf(el).textContent).toBe('加载中')
    expect(maskOf(el).style.display).toBe('block')
    expect(spinnerOf(el).style.display).toBe('block')
    jest.advanceTimersByTime(0)
    expect(el.style.opacity).toBe('1')
    // stays until hidden (no duration)
    jest.advanceTimersByTime(60_000)
    expect(el.style.display).toBe('block')
    await ui.hideLoading()
    jest.advanceTimersByTime(100)
    expect(el.style.opacity).toBe('0')
    expect(el.style.display).toBe('none')
  })

  it('without mask lets taps through', async () => {
    const ui = fresh()
    await ui.showLoading({ title: 'Loading…' })
    expect(maskOf(toastEl() as HTMLElement).style.display).toBe('none')
  })

  it('refuses a title that is not text, as Taro does', async () => {
    const ui = fresh()
    await expect(ui.showLoading({ title: 3 as unknown as string })).rejects.toMatchObject({ errMsg: expect.stringContaining('showLoading:fail') })
    expect(toastEl()).toBeNull()
  })
})

describe('plain toast', () => {
  it('replaces the loading indicator in the same element and goes after its duration', async () => {
    jest.useFakeTimers()
    const ui = fresh()
    await ui.showLoading({ title: '加载中', mask: true })
    const success = jest.fn()
    await ui.showToast({ title: '服务器繁忙', icon: 'none', duration: 2000, success })
    expect(success).toHaveBeenCalledWith(expect.objectContaining({ errMsg: 'showToast:ok' }))
    expect(document.querySelectorAll('.taro__toast')).toHaveLength(1)
    const el = toastEl() as HTMLElement
    expect(titleOf(el).textContent).toBe('服务器繁忙')
    expect(spinnerOf(el).style.display).toBe('none')
    expect(maskOf(el).style.display).toBe('none')
    jest.advanceTimersByTime(1999)
    expect(el.style.display).toBe('block')
    jest.advanceTimersByTime(101)
    expect(el.style.display).toBe('none')
  })

  it('hideLoading hides a toast too, unless noConflict (Taro: each hides only its own kind then)', async () => {
    jest.useFakeTimers()
    const ui = fresh()
    await ui.showToast({ title: '已保存', icon: 'none', duration: 5000 })
    await ui.hideLoading({ noConflict: true })
    jest.advanceTimersByTime(200)
    expect((toastEl() as HTMLElement).style.display).toBe('block')
    await ui.hideLoading()
    jest.advanceTimersByTime(200)
    expect((toastEl() as HTMLElement).style.display).toBe('none')
  })
})

describe("what stays Taro's", () => {
  it('a modal is drawn by Taro’s own module, loaded on first use, and answers with the button pressed', async () => {
    const ui = fresh()
    const answer = ui.showModal({ title: '提示', content: '确定取消订单？', confirmText: '确定', cancelText: '取消' })
    let confirm: HTMLElement | null = null
    for (let i = 0; i < 50 && !confirm; i++) {
      await realDelay(10)
      confirm = [...document.querySelectorAll<HTMLElement>('.taro-modal__foot *')].find((b) => b.textContent === '确定') ?? null
    }
    expect(document.querySelector('.taro-modal__content')?.textContent).toContain('确定取消订单？')
    ;(confirm as HTMLElement).click()
    await expect(answer).resolves.toMatchObject({ confirm: true, cancel: false })
  })

  it('a toast with an icon is Taro’s, and ours gives way to it', async () => {
    const ui = fresh()
    await ui.showLoading({ title: '加载中' })
    await ui.showToast({ title: '成功', icon: 'success', duration: 1000 })
    const toasts = [...document.querySelectorAll<HTMLElement>('.taro__toast')]
    expect(toasts).toHaveLength(2)
    await realDelay(150)
    // ours (the first) hidden, Taro's showing the title
    expect(toasts[0].style.display).toBe('none')
    expect(toasts[1].textContent).toContain('成功')
  })

  it("offline, a modal is asked with the browser's own dialog when Taro's module cannot load", async () => {
    jest.doMock('@tarojs/taro-h5/dist/api/ui/interaction/index.js', () => {
      throw new Error('ChunkLoadError: offline')
    })
    try {
      const ui = fresh()
      const confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(false)
      await expect(ui.showModal({ title: '提示', content: '退出登录？' })).resolves.toMatchObject({ confirm: false, cancel: true })
      expect(confirmSpy).toHaveBeenCalledWith('提示\n\n退出登录？')
      const alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined)
      await expect(ui.showModal({ content: '登录超时', showCancel: false })).resolves.toMatchObject({ confirm: true })
      expect(alertSpy).toHaveBeenCalledWith('登录超时')
    } finally {
      jest.dontMock('@tarojs/taro-h5/dist/api/ui/interaction/index.js')
      jest.restoreAllMocks()
    }
  })
})
