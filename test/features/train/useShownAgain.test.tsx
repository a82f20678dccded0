/**
 * useShownAgain: the callback runs when the page comes back after being hidden, never on its first
 * show, also when the component mounted after that first show (behind a slow access guard) and so
 * never saw it: a return must not be taken for the first show.
 */
import { render } from '@testing-library/react'
import { useShownAgain } from '@/features/train/hooks/useShownAgain'

const shows: Array<() => void> = []
const hides: Array<() => void> = []
jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  useDidShow: (cb: () => void) => void shows.push(cb),
  useDidHide: (cb: () => void) => void hides.push(cb),
}))
const show = () => shows.forEach((cb) => cb())
const hide = () => hides.forEach((cb) => cb())

function Probe({ onAgain }: { onAgain: () => void }) {
  useShownAgain(onAgain)
  return null
}

beforeEach(() => {
  shows.length = 0
  hides.length = 0
})

it('not on the first show; on each return after a hide, once', () => {
  const again = jest.fn()
  render(<Probe onAgain={again} />)
  show()
  expect(again).not.toHaveBeenCalled()
  hide()
  show()
  expect(again).toHaveBeenCalledTimes(1)
  show()
  expect(again).toHaveBeenCalledTimes(1)
  hide()
  show()
  expect(again).toHaveBeenCalledTimes(2)
})

it('mounted after the first show (which it never saw): the first return still runs it', () => {
  const again = jest.fn()
  render(<Probe onAgain={again} />)
  hide()
  show()
  expect(again).toHaveBeenCalledTimes(1)
})
