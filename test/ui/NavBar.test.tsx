/**
 * Smoke test of the client project's component setup: Taro components (View/Text/Input) render
 * to the DOM under jsdom, Testing Library queries and events work, @/ imports and .scss resolve,
 * and @tarojs/test-utils-react works too (TOOLCHAIN.md: never call testUtils.html(); read
 * document.body.innerHTML).
 */
import { fireEvent, render, screen } from '@testing-library/react'
import TestUtils from '@tarojs/test-utils-react'
import { Input, Text, View } from '@tarojs/components'
import { NavBar, barGeometry } from '@/ui/NavBar'
import { appState } from '@/store'

beforeEach(() => {
  appState().setLanguage('zh')
})

describe('NavBar', () => {
  it('renders the title and the back text, and calls onBack when back is clicked', async () => {
    const onBack = jest.fn()
    render(<NavBar title='会议首页' onBack={onBack} />)

    expect(await screen.findByText('会议首页')).toBeTruthy()
    const backText = screen.getByText('返回')
    expect(backText).toBeTruthy()

    fireEvent.click(backText)
    expect(onBack).toHaveBeenCalledTimes(1)
  })

  it('shows the back text in English when the user chose English', async () => {
    appState().setLanguage('en')
    render(<NavBar title='Home' onBack={() => undefined} />)
    expect(await screen.findByText('Back')).toBeTruthy()
  })

  it('has no back button on an entry page (onBack false)', async () => {
    render(<NavBar title='入口' onBack={false} />)
    expect(await screen.findByText('入口')).toBeTruthy()
    expect(screen.queryByText('返回')).toBeNull()
    expect(document.body.querySelector('[role="button"]')).toBeNull()
  })
})

describe('Taro components under jsdom', () => {
  it('renders View, Text and Input', async () => {
    const { container } = render(
      <View className='box'>
        <Text>hello</Text>
        <Input placeholder='mobile' value='138' />
      </View>,
    )
    expect(await screen.findByText('hello')).toBeTruthy()
    expect(container.querySelector('.box')).not.toBeNull()
    expect(container.innerHTML).toContain('taro-input-core')
  })
})

describe('NavBar via @tarojs/test-utils-react', () => {
  it('renders title and back text, and a click on back calls the handler', async () => {
    // test-utils-react 0.1.1 still calls react-dom/test-utils' act: keep that one warning quiet
    const consoleError = console.error
    const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('ReactDOMTestUtils.act')) consoleError(...args)
    })
    try {
      const testUtils = new TestUtils()
      const onBack = jest.fn()
      await testUtils.mount(NavBar, { props: { title: '会议首页', onBack } })

      const title = await testUtils.queries.waitForQuerySelector('.nav-bar__title')
      expect(title?.textContent).toBe('会议首页')
      expect(document.body.querySelector('.nav-bar__back-text')?.textContent).toBe('返回')
      expect(document.body.innerHTML).toContain('会议首页')

      testUtils.fireEvent.click(document.body.querySelector('.nav-bar__back')!)
      expect(onBack).toHaveBeenCalledTimes(1)
      testUtils.unmout()
    } finally {
      spy.mockRestore()
    }
  })
})

describe('NavBar geometry on the mini-program', () => {
  it('sits below the status bar, centred on the capsule menu and clear of it', () => {
    expect(barGeometry({ statusBarHeight: 44, windowWidth: 390 }, { top: 48, height: 32, left: 300 })).toEqual({
      top: 44,
      height: 40,
      right: 90,
    })
  })

  it('falls back to a 20 px status bar and never goes negative', () => {
    expect(barGeometry({ windowWidth: 320 }, { top: 10, height: 32, left: 400 })).toEqual({ top: 20, height: 32, right: 0 })
  })

  it('on H5 leaves the geometry to the stylesheet', () => {
    render(<NavBar title='首页' />)
    const bar = document.body.querySelector<HTMLElement>('.nav-bar')!
    expect(bar.style.paddingTop).toBe('0px')
    expect(document.body.querySelector<HTMLElement>('.nav-bar__inner')!.style.height).toBe('')
  })
})
