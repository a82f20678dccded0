import type { PageSummary } from '@contracts/calls/microsite'
import type { MicrositeStyle } from '@contracts/microsite'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { fetchHomePages } from '../api/list-pages'
import { HOME_ROUTE } from '../model/navigation'
import { useRedirect } from './useRedirect'

/**
 * Which home this index shows: the one the address names (?page=), else the first of this style.
 * A microsite without a home of this style is shown by the index of the style it has.
 */
export function useHomePage(eventCode: string, style: MicrositeStyle, requested: string | undefined) {
  const token = useAppStore((s) => s.token) ?? ''
  const q = useQuery(`ms:homes:${eventCode}:${token}`, () => fetchHomePages(eventCode))
  const homes: PageSummary[] = q.data ?? []
  const home = homes.find((p) => (requested ? p.pageCode === requested : p.style === style))
  const elsewhere = q.status === 'success' && !home ? homes.find((p) => p.style !== style) : undefined
  useRedirect(elsewhere ? HOME_ROUTE[elsewhere.style] : null)
  return { home, others: homes.filter((p) => p !== home), status: q.status, retry: q.retry }
}
