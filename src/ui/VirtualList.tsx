import { ScrollView, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import './VirtualList.scss'

/**
 * A windowed list for long lists of rows of one height (300 trains, thousands of stations): only
 * the rows in view, plus `overscan` on each side, are in the page; spacers above and below keep
 * the scroll height of the whole list. Built on ScrollView alone, so it behaves the same on H5 and
 * in the mini-program, where every node in the page costs a setData.
 *
 * Every row must have the same height, fixed by its own scss. `rowHeight` is that height in design
 * px (the 750-wide design the scss uses), the first estimate; the real height in screen px (which
 * depends on the screen and, on H5, on the root font size) is measured from the first row drawn.
 */
export interface VisibleRange {
  start: number
  end: number
}

/** rows [start, end) to draw for a scroll position; pure, so it can be tested at its edges */
export function visibleRange(count: number, rowPx: number, scrollTop: number, viewportPx: number, overscan: number): VisibleRange {
  if (count <= 0 || rowPx <= 0) return { start: 0, end: 0 }
  const first = Math.floor(Math.max(0, scrollTop) / rowPx)
  const last = Math.ceil((Math.max(0, scrollTop) + viewportPx) / rowPx)
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.min(count, Math.max(0, last + overscan)) }
}

interface Props<T> {
  items: readonly T[]
  /** the rows' height in design px (750 wide), as their scss fixes it */
  rowHeight: number
  renderRow: (item: T, index: number) => ReactNode
  keyOf: (item: T, index: number) => string
  className?: string
  /** rows drawn beyond each edge of the view, so a fast fling shows no gap */
  overscan?: number
  /** a new value scrolls back to the top (new filters, new sort) */
  resetKey?: string
  /** shown after the last row (e.g. a footer note) */
  footer?: ReactNode
  /** scrolls to a row (a side index's letter); a new `seq` jumps again to the same row */
  jumpTo?: { index: number; seq: number } | null
}

let instances = 0

export function VirtualList<T>({ items, rowHeight, renderRow, keyOf, className, overscan = 6, resetKey, footer, jumpTo }: Props<T>) {
  const id = useRef(`vlist-${++instances}`).current
  const screen = useMemo(() => {
    // H5: what Taro.getSystemInfoSync reads there, without the user-agent parser it loads with it
    // (~5 KiB gzipped on the train results page, under a first-load budget); if/else so the build drops the other
    if (process.env.TARO_ENV === 'h5') {
      const root = document.documentElement
      return { width: root.clientWidth || 375, height: root.clientHeight || 667 }
    } else {
      const info = Taro.getSystemInfoSync()
      return { width: info.windowWidth || 375, height: info.windowHeight || 667 }
    }
  }, [])
  const [measuredPx, setMeasuredPx] = useState<number | null>(null)
  const rowPx = measuredPx ?? (rowHeight * screen.width) / 750
  const [scrollTop, setScrollTop] = useState(0)
  // the ScrollView's own scrollTop prop only moves it when the value changes: a hair added on
  // every other jump makes the same place a new value
  const [target, setTarget] = useState(0)
  const jumps = useRef(0)
  const scrollTo = (px: number) => {
    setScrollTop(px)
    setTarget(px + (jumps.current++ % 2) * 0.01)
  }

  useEffect(() => {
    scrollTo(0)
  }, [resetKey]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (jumpTo) scrollTo(Math.max(0, jumpTo.index) * rowPx)
  }, [jumpTo?.seq]) // eslint-disable-line react-hooks/exhaustive-deps

  const hasRows = items.length > 0
  useEffect(() => {
    // a selector query needs the page it runs in (none in a component test: the estimate stays)
    if (!hasRows || measuredPx !== null || !Taro.getCurrentInstance()?.page) return
    const measured = (h: number | undefined) => {
      if (h && h > 0) setMeasuredPx(h)
    }
    // H5: the DOM itself, after the frame that lays the row out. Taro's selector query there
    // brings its canvas-context code along (~3 KiB gzipped on the train results page, under a first-load budget);
    // if/else so the build drops the other branch
    if (process.env.TARO_ENV === 'h5') {
      const frame = requestAnimationFrame(() => measured(document.querySelector(`#${id} .vlist__row`)?.getBoundingClientRect().height))
      return () => cancelAnimationFrame(frame)
    } else {
      Taro.createSelectorQuery()
        .select(`#${id} .vlist__row`)
        .boundingClientRect((rect) => measured((Array.isArray(rect) ? rect[0] : rect)?.height))
        .exec()
    }
  }, [hasRows, measuredPx, id])

  const { start, end } = visibleRange(items.length, rowPx, scrollTop, screen.height, overscan)
  const rows: ReactNode[] = []
  for (let i = start; i < end; i++) {
    rows.push(
      <View key={keyOf(items[i], i)} className='vlist__row'>
        {renderRow(items[i], i)}
      </View>,
    )
  }
  return (
    <ScrollView id={id} className={`vlist ${className ?? ''}`} scrollY scrollTop={target} onScroll={(e) => setScrollTop(e.detail.scrollTop)}>
      <View style={{ height: `${start * rowPx}px` }} />
      {rows}
      <View style={{ height: `${(items.length - end) * rowPx}px` }} />
      {footer}
    </ScrollView>
  )
}
