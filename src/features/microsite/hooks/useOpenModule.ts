import { useCallback } from 'react'
import type { MicrositeStyle } from '@contracts/microsite'
import { navigateTo } from '@/lib/router/navigate'
import { moduleDestination } from '../model/navigation'
import type { PageItem } from './usePage'

/** a tap on a module of `pageCode`: to where it leads, in this microsite style */
export function useOpenModule(style: MicrositeStyle, pageCode: string): (item: PageItem) => void {
  return useCallback(
    (item: PageItem) => {
      const to = moduleDestination(style, pageCode, item.module)
      if (to) void navigateTo(to.route, to.query)
    },
    [style, pageCode],
  )
}
