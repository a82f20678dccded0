/**
 * What makes a drawn control (a View or Text with a tap handler) a control for everyone: a role and
 * a name for screen readers, and on H5 a place in the Tab order and Enter/Space doing what a tap
 * does. Spread onto the element: `<View className='x' {...pressable(onTap, { role: 'checkbox', checked })}>`.
 *
 * A key press clicks the element itself, so whatever a tap reaches (its own handler, or an enclosing
 * Picker that opens on a click inside it) is reached the same way. The mini-program gets only the
 * handler, role and aria-* attributes it already understands: no tabIndex or key handler is
 * compiled into its templates.
 */

export type PressRole = 'button' | 'checkbox' | 'radio' | 'tab' | 'link' | 'switch'

export interface PressOptions {
  role?: PressRole
  /** the accessible name, when the visible text does not say what the control does */
  label?: string
  /** for checkbox, radio and switch */
  checked?: boolean
  /** for tab */
  selected?: boolean
  /** for a control that opens and closes a part of the page */
  expanded?: boolean
  disabled?: boolean
}

interface KeyLike {
  key: string
  repeat?: boolean
  currentTarget: unknown
  preventDefault(): void
  stopPropagation(): void
}

/** the keys that press a control: Enter as on a link or button, Space as on a button or checkbox */
export const PRESS_KEYS: readonly string[] = ['Enter', ' ', 'Spacebar']

/** exported for tests: a key press on the element becomes a click on it */
export function pressOnKey(e: KeyLike): void {
  if (!PRESS_KEYS.includes(e.key) || e.repeat) return
  // Space would scroll the page; Enter would also reach an enclosing control
  e.preventDefault()
  e.stopPropagation()
  const el = e.currentTarget as HTMLElement
  el.click?.()
  // a Taro Picker around it opens its panel on that click: the panel is made keyboard-ready once
  // drawn (its module loads only when a key first opens a picker). Keys pressed before then belong
  // to the panel, not to this control: they are held and replayed there.
  const picker = process.env.TARO_ENV === 'h5' && el.closest?.('taro-picker-core')
  if (picker) {
    const held: KeyboardEvent[] = []
    const hold = (k: KeyboardEvent) => {
      k.preventDefault()
      k.stopPropagation()
      held.push(k)
    }
    const release = () => document.removeEventListener('keydown', hold, true)
    document.addEventListener('keydown', hold, true)
    void import(/* webpackChunkName: "picker-keys" */ './pickerKeys').then(({ keyboardPicker }) => keyboardPicker(el, picker, held, release), release)
  }
}

/** a tap's handler; a key press reaches it through a real click, so it gets the click's event */
type PressHandler = (event: { stopPropagation(): void }) => unknown

export function pressable(onPress: PressHandler | undefined, options: PressOptions = {}) {
  const { role = 'button', label, checked, selected, expanded, disabled } = options
  const props: Record<string, unknown> = { role }
  if (onPress) props.onClick = onPress
  if (label !== undefined) props['aria-label'] = label
  if (checked !== undefined) props['aria-checked'] = checked
  if (selected !== undefined) props['aria-selected'] = selected
  if (expanded !== undefined) props['aria-expanded'] = expanded
  if (disabled) props['aria-disabled'] = true
  if (process.env.TARO_ENV === 'h5') {
    props.tabIndex = 0
    props.onKeyDown = pressOnKey
  }
  return props
}
