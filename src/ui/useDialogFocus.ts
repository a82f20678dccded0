import { useEffect, useId, useRef } from 'react'

/** what a keyboard reaches inside a panel: the app's pressable controls and the native fields */
const FOCUSABLE = '[tabindex="0"], input, textarea, button, a[href]'

interface KeyLike {
  key: string
  shiftKey?: boolean
  target: unknown
  preventDefault(): void
  stopPropagation(): void
}

/**
 * A sheet or panel over the page as a dialog: spread the result onto its panel
 * (`<View className='x__panel' {...useDialogFocus(title, onClose)}>`). On H5 the panel takes the
 * focus when it opens (its first control), keeps Tab inside, closes on Escape, and gives the focus
 * back to the control that opened it when it closes. The mini-program gets the role and name only.
 */
export function useDialogFocus(label: string, onClose: () => void): Record<string, unknown> {
  const id = `dialog-${useId().replace(/:/g, '')}`
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => {
    if (process.env.TARO_ENV !== 'h5') return
    const opener = document.activeElement
    const panel = document.getElementById(id)
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? panel)?.focus()
    // Escape closes it wherever the focus is (a pointer may have opened it and moved nothing)
    const onEscape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current()
    }
    document.addEventListener('keydown', onEscape)
    return () => {
      document.removeEventListener('keydown', onEscape)
      if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus()
    }
  }, [id])
  const props: Record<string, unknown> = { role: 'dialog', 'aria-modal': true, 'aria-label': label }
  if (process.env.TARO_ENV === 'h5') {
    props.id = id
    props.tabIndex = -1
    props.onKeyDown = (e: KeyLike) => {
      if (e.key === 'Tab') keepTabInside(e, document.getElementById(id))
    }
  }
  return props
}

function keepTabInside(e: KeyLike, panel: HTMLElement | null): void {
  if (!panel) return
  const controls = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0)
  if (controls.length === 0) return
  const first = controls[0]
  const last = controls[controls.length - 1]
  const at = e.target as HTMLElement
  if (e.shiftKey && (at === first || at === panel)) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && at === last) {
    e.preventDefault()
    first.focus()
  }
}
