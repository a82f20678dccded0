/** visibleRange: which rows a virtual list draws for a scroll position, at its edges. */
import { visibleRange } from '@/ui/VirtualList'

describe('visibleRange', () => {
  it.each<[string, [number, number, number, number, number], { start: number; end: number }]>([
    ['top of the list', [300, 100, 0, 650, 5], { start: 0, end: 12 }],
    ['scrolled into the middle', [300, 100, 10_000, 650, 5], { start: 95, end: 112 }],
    ['at the bottom: never past the last row', [300, 100, 29_350, 650, 5], { start: 288, end: 300 }],
    ['a bounce above the top (negative scroll)', [300, 100, -80, 650, 0], { start: 0, end: 7 }],
    ['fewer rows than fill the view', [3, 100, 0, 650, 5], { start: 0, end: 3 }],
    ['an empty list', [0, 100, 0, 650, 5], { start: 0, end: 0 }],
    ['row height not known (0)', [300, 0, 0, 650, 5], { start: 0, end: 0 }],
  ])('%s', (_n, args, range) => expect(visibleRange(...args)).toEqual(range))

  it('draws a few dozen rows of 300, wherever the list is', () => {
    for (let top = 0; top < 30_000; top += 777) {
      const r = visibleRange(300, 100, top, 844, 6)
      expect(r.end - r.start).toBeLessThanOrEqual(22)
    }
  })
})
