import { useReachBottom } from '@tarojs/taro'
import { useEffect, useState } from 'react'

/**
 * Long lists are drawn a slice at a time: the first `step` rows, then `step` more whenever the
 * page scrolls near its bottom. A day of flights between two big cities can run to hundreds of
 * rows; drawing them all at once stalls a phone. Starts again when `resetKey` changes.
 */
export function useRevealMore(total: number, step: number, resetKey: string): number {
  const [shown, setShown] = useState(step)
  useEffect(() => setShown(step), [resetKey, step])
  useReachBottom(() => setShown((n) => (n < total ? n + step : n)))
  return Math.min(shown, total)
}
