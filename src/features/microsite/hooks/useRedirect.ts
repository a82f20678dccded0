import { useEffect } from 'react'
import { redirectTo } from '@/lib/router/navigate'
import type { RouteName } from '@/lib/router/routes'
import { hereAsReturn } from '@/lib/router/returnTo'

/** replaces this page with `route` once it is known (null: stay); login comes back here after */
export function useRedirect(route: RouteName | null): void {
  useEffect(() => {
    if (route) void redirectTo(route, route === 'login' ? { ...hereAsReturn() } : undefined)
  }, [route])
}
