/**
 * The one piece that makes a drawn control a control (src/ui/pressable.ts): a role and name
 * everywhere; on H5 the Tab order and Enter/Space doing what a tap does; on the mini-program
 * nothing its templates do not know.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { pressable } from '@/ui/pressable'

const ORIGINAL_TARO_ENV = process.env.TARO_ENV
afterEach(() => {
  process.env.TARO_ENV = ORIGINAL_TARO_ENV
})

describe('pressable on H5', () => {
  it('is in the Tab order with its role, name and state', () => {
    const props = pressable(() => undefined, { role: 'checkbox', label: 'I agree', checked: false })
    expect(props).toMatchObject({ role: 'checkbox', tabIndex: 0, 'aria-label': 'I agree', 'aria-checked': false })
  })

  it.each([
    ['Enter', 1],
    [' ', 1],
    ['a', 0],
    ['Tab', 0],
  ])('key %j presses it %i time(s), as a click does', (key, times) => {
    const onPress = jest.fn()
    render(<div {...pressable(onPress)}>go</div>)
    fireEvent.keyDown(screen.getByRole('button', { name: 'go' }), { key })
    expect(onPress).toHaveBeenCalledTimes(times)
  })

  it('a held key presses once, not on every repeat', () => {
    const onPress = jest.fn()
    render(<div {...pressable(onPress)}>go</div>)
    fireEvent.keyDown(screen.getByRole('button'), { key: 'Enter' })
    fireEvent.keyDown(screen.getByRole('button'), { key: 'Enter', repeat: true })
    expect(onPress).toHaveBeenCalledTimes(1)
  })

  it('Space does not scroll the page, and the press does not reach an enclosing control', () => {
    const outer = jest.fn()
    render(
      <div onKeyDown={outer}>
        <div {...pressable(() => undefined)}>go</div>
      </div>,
    )
    const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true })
    screen.getByRole('button').dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(outer).not.toHaveBeenCalled()
  })

  it('with no handler of its own a key still clicks it: a Picker around it opens', () => {
    const picker = jest.fn()
    render(
      <div onClick={picker}>
        <div {...pressable(undefined, { label: 'Country: China' })}>China</div>
      </div>,
    )
    fireEvent.keyDown(screen.getByRole('button', { name: 'Country: China' }), { key: 'Enter' })
    expect(picker).toHaveBeenCalledTimes(1)
  })

  it('a disabled control says so', () => {
    expect(pressable(() => undefined, { disabled: true })['aria-disabled']).toBe(true)
  })
})

describe('pressable on the mini-program', () => {
  it('gives the tap handler, role and aria-* only: no tabIndex or key handler in its templates', () => {
    process.env.TARO_ENV = 'weapp'
    const onPress = jest.fn()
    const props = pressable(onPress, { role: 'radio', checked: true })
    expect(props).toEqual({ role: 'radio', onClick: onPress, 'aria-checked': true })
  })
})
