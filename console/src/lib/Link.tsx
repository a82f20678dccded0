/** A link to a console address: a real link (opens in a new tab too), followed in place on a plain click. */
import type { ReactNode } from 'react'
import { href, navigate } from './router'

export function Link({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      href={href(to)}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
        e.preventDefault()
        navigate(to)
      }}
    >
      {children}
    </a>
  )
}
