import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * The one data-fetching hook: loading, error, retry, freshness, and no state update after unmount.
 *
 *   const profile = useQuery('profile', fetchProfile, { freshMs: 1000, peek: () => storedProfile })
 *
 * - `key`: what is being fetched; a new key fetches again (null: nothing to fetch yet).
 * - `peek`: a copy held elsewhere (the store is the app's one cache) and when it was fetched. It
 *   fills the screen at once; while it is younger than `freshMs` it is not fetched again (the page
 *   before this one has just fetched it).
 * - `retry()` fetches whatever the freshness; `refresh()` fetches only if what is shown is stale
 *   (a page shown again).
 * Only the newest fetch may answer: a slower earlier one is ignored.
 */
export interface QueryOptions<T> {
  peek?: () => { data: T; fetchedAt: number | null } | undefined
  /** a copy fetched this recently is not fetched again; default 0 (always fetch on mount) */
  freshMs?: number
}

export type QueryStatus = 'idle' | 'loading' | 'success' | 'error'

export interface Query<T> {
  status: QueryStatus
  /** the newest data: fetched, or peeked while loading */
  data: T | undefined
  /** true when `data` was fetched within freshMs (by this hook or, per `peek`, elsewhere) */
  fresh: boolean
  error: unknown
  retry: () => void
  refresh: () => void
}

interface State<T> {
  status: QueryStatus
  data: T | undefined
  fresh: boolean
  error: unknown
  fetchedAt: number | null
}

const isFresh = (fetchedAt: number | null | undefined, freshMs: number) => fetchedAt != null && Date.now() - fetchedAt < freshMs

export function useQuery<T>(key: string | null, fetcher: () => Promise<T>, opts: QueryOptions<T> = {}): Query<T> {
  const freshMs = opts.freshMs ?? 0
  const [state, setState] = useState<State<T>>(() => {
    const peeked = key ? opts.peek?.() : undefined
    if (!peeked) return { status: key ? 'loading' : 'idle', data: undefined, fresh: false, error: null, fetchedAt: null }
    const fresh = isFresh(peeked.fetchedAt, freshMs)
    return { status: fresh ? 'success' : 'loading', data: peeked.data, fresh, error: null, fetchedAt: peeked.fetchedAt }
  })
  const [run, setRun] = useState({ n: 0, force: false })
  const latest = useRef({ fetcher, peek: opts.peek, state })
  latest.current = { fetcher, peek: opts.peek, state }
  const sequence = useRef(0)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    if (!key) {
      setState({ status: 'idle', data: undefined, fresh: false, error: null, fetchedAt: null })
      return
    }
    const { fetcher: fetch, peek, state: shown } = latest.current
    const peeked = peek?.()
    if (!run.force) {
      if (peeked && isFresh(peeked.fetchedAt, freshMs)) {
        setState({ status: 'success', data: peeked.data, fresh: true, error: null, fetchedAt: peeked.fetchedAt })
        return
      }
      if (shown.status === 'success' && isFresh(shown.fetchedAt, freshMs)) return
    }
    const mine = ++sequence.current
    const current = () => mounted.current && mine === sequence.current
    setState((s) => ({ ...s, status: 'loading', data: s.data ?? peeked?.data, error: null }))
    fetch().then(
      (data) => {
        if (current()) setState({ status: 'success', data, fresh: true, error: null, fetchedAt: Date.now() })
      },
      (error: unknown) => {
        if (current()) setState((s) => ({ ...s, status: 'error', error }))
      },
    )
  }, [key, run, freshMs])

  const retry = useCallback(() => setRun((r) => ({ n: r.n + 1, force: true })), [])
  const refresh = useCallback(() => setRun((r) => ({ n: r.n + 1, force: false })), [])
  return { status: state.status, data: state.data, fresh: state.fresh, error: state.error, retry, refresh }
}
