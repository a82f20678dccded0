import { useCallback, useEffect, useRef, useState } from 'react'

export interface Page<T> {
  list: T[]
  total: number
}

export interface PagedList<T> {
  rows: T[]
  total: number
  state: 'loading' | 'ready' | 'error'
  /** whether the server has more rows than are shown */
  hasMore: boolean
  /** the next page, added under the rows */
  more: () => void
  /** page 1 again (rows replaced when it answers) */
  reload: () => void
  /** takes rows off the list at once (one removed on the server) */
  drop: (gone: (row: T) => boolean) => void
}

/**
 * A list the server gives page by page ("load more"), like the orders lists: page 1 whenever `key`
 * changes (a new filter, another attendee; null: nothing to fetch yet), the next page added under
 * the rows. Only the newest request may answer: a slower earlier one is ignored.
 */
export function usePagedList<T>(key: string | null, fetchPage: (pageNo: number) => Promise<Page<T>>): PagedList<T> {
  const [rows, setRows] = useState<T[]>([])
  const [total, setTotal] = useState(0)
  const [pageNo, setPageNo] = useState(0)
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const seq = useRef(0)
  const latest = useRef(fetchPage)
  latest.current = fetchPage

  const load = useCallback(async (page: number) => {
    const mine = ++seq.current
    setState('loading')
    try {
      const r = await latest.current(page)
      if (mine !== seq.current) return
      setRows((old) => (page === 1 ? r.list : [...old, ...r.list]))
      setTotal(r.total)
      setPageNo(page)
      setState('ready')
    } catch {
      if (mine === seq.current) setState('error')
    }
  }, [])

  useEffect(() => {
    if (key !== null) void load(1)
  }, [key, load])

  return {
    rows,
    total,
    state,
    hasMore: rows.length < total,
    more: () => void load(pageNo + 1),
    reload: () => void load(1),
    drop: (gone) => {
      setRows((old) => old.filter((r) => !gone(r)))
      setTotal((n) => Math.max(0, n - 1))
    },
  }
}
