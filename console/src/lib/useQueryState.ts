/** A page's state kept in its address's query (filters, page): a reload or a shared link keeps it. */
import { navigate, usePath } from './router'

export function useQueryState(): [URLSearchParams, (changes: Record<string, string | number | null>) => void] {
  const path = usePath()
  const [pathname, query = ''] = path.split('?')
  const params = new URLSearchParams(query)
  const set = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(query)
    for (const [k, v] of Object.entries(changes)) {
      // an empty value is the default: the address stays short
      if (v === null || v === '') next.delete(k)
      else next.set(k, String(v))
    }
    const q = next.toString()
    navigate(q ? `${pathname}?${q}` : pathname, { replace: true })
  }
  return [params, set]
}
