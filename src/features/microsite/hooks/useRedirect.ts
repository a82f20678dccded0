import { useEffect } from 'react'
import { redirectTo } from '@/lib/router/navigate'
import type { RouteName } from '@/lib/router/routes'

/** replaces this page with `route` once it is known (null: stay) */
export function useRedirect(route: RouteName | null): void {
  useEffect(() => {
    if (route) void redirectTo(route)
  }, [route])
}
