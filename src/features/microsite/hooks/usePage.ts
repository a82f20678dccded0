import type { ModuleText, ModuleView, PageView } from '@contracts/calls/microsite'
import { useMemo } from 'react'
import { useI18n } from '@/lib/i18n'
import { RequestError } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { fetchPage } from '../api/get-page'
import { fetchModules } from '../api/list-modules'
import { fetchModuleTexts } from '../api/list-module-texts'
import { redirectFor } from '../model/access'
import { useRedirect } from './useRedirect'

export interface PageItem {
  module: ModuleView
  /** null until the texts arrive */
  text: ModuleText | null
}

export type LoadStatus = 'loading' | 'ready' | 'failed'

const statusOf = (...qs: Array<{ status: string }>): LoadStatus =>
  qs.some((q) => q.status === 'error') ? 'failed' : qs.every((q) => q.status === 'success') ? 'ready' : 'loading'

/**
 * One page of the microsite: its header and the caller's access first (a guest or a wrong type is
 * sent on before any content is asked for), then, with `withModules`, its modules and their texts
 * in the attendee's language, asked for again when the language changes. An article or album
 * needs only the page's access (it is read through the page that links to it).
 */
export function usePage(
  eventCode: string,
  pageCode: string,
  withModules = true,
): {
  page: PageView | undefined
  items: PageItem[]
  status: LoadStatus
  /** no such page in this event (ESYS0004): nothing to retry */
  missing: boolean
  retry: () => void
} {
  const { lang } = useI18n()
  const token = useAppStore((s) => s.token) ?? ''
  const page = useQuery(pageCode ? `ms:page:${eventCode}:${pageCode}:${token}` : null, () => fetchPage(eventCode, pageCode))
  const allowed = page.status === 'success' && page.data?.access === 'allow'
  const wanted = allowed && withModules
  useRedirect(page.status === 'success' && page.data ? redirectFor(page.data) : null)
  const modules = useQuery(wanted ? `ms:modules:${eventCode}:${pageCode}:${token}` : null, () => fetchModules(eventCode, pageCode))
  const texts = useQuery(wanted ? `ms:texts:${eventCode}:${pageCode}:${lang}:${token}` : null, () => fetchModuleTexts(eventCode, pageCode))
  const items = useMemo(
    () => (modules.data ?? []).map((module) => ({ module, text: texts.data?.find((x) => x.moduleCode === module.moduleCode) ?? null })),
    [modules.data, texts.data],
  )
  // texts of the other language stay on screen while the new ones load: not "loading" again
  const status = withModules ? statusOf(page, modules, texts.data ? { status: texts.status === 'error' ? 'error' : 'success' } : texts) : statusOf(page)
  return {
    page: page.data,
    items,
    status,
    missing: page.error instanceof RequestError && page.error.msgId === 'ESYS0004',
    retry: () => {
      page.retry()
      modules.retry()
      texts.retry()
    },
  }
}
