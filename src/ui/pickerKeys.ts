/**
 * H5 only, loaded on the first key press that opens a Taro Picker (src/ui/pressable.ts): Taro draws
 * the picker's panel with <div>s a keyboard cannot reach and columns that move only by touch or
 * mouse drags. Here the open panel becomes a dialog a keyboard answers: it takes the focus (its
 * first column), ArrowUp/ArrowDown move a column by one row (as a one-row drag does), Tab goes
 * through the columns and the two buttons and stays inside, Enter confirms, Escape cancels, and the
 * control that opened it gets the focus back.
 */

/** the height of one row of Taro's picker columns (@tarojs/components picker-group LINE_HEIGHT) */
const ROW = 34
const PRESS = ['Enter', ' ', 'Spacebar']

const shown = (el: Element) => el.getClientRects().length > 0

/** a one-row drag of a column: its own mouse handlers pick the row as for a person's drag */
function moveColumn(column: HTMLElement, rows: number): void {
  const y = 300
  const at = (clientY: number) => ({ clientY, clientX: 10, bubbles: true })
  column.dispatchEvent(new MouseEvent('mousedown', at(y)))
  column.dispatchEvent(new MouseEvent('mousemove', at(y - rows * ROW)))
  column.dispatchEvent(new MouseEvent('mouseup', at(y - rows * ROW)))
}

export function keyboardPicker(trigger: HTMLElement): void {
  // the open one: another picker's panel may still be sliding away (slide-down) after its answer
  const panel = [...document.querySelectorAll<HTMLElement>('.weui-picker:not(.weui-animate-slide-down)')].filter(shown).pop()
  if (!panel || !shown(panel) || panel.dataset.keys === 'on') return
  panel.dataset.keys = 'on'
  const [cancel, confirm] = [...panel.querySelectorAll<HTMLElement>('.weui-picker__action')]
  const columns = [...panel.querySelectorAll<HTMLElement>('taro-picker-group')]
  if (!cancel || !confirm || columns.length === 0) return
  const name = trigger.getAttribute('aria-label') ?? ''
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-label', name)
  for (const button of [cancel, confirm]) {
    button.setAttribute('role', 'button')
    button.tabIndex = 0
  }
  columns.forEach((column, i) => {
    column.tabIndex = 0
    column.setAttribute('aria-label', columns.length > 1 ? `${name} ${i + 1}` : name)
  })
  const stops = [...columns, cancel, confirm]
  const close = (button: HTMLElement) => {
    button.click()
    panel.removeEventListener('keydown', onKey)
    delete panel.dataset.keys
    if (trigger.isConnected) trigger.focus()
  }
  function onKey(e: KeyboardEvent): void {
    const at = e.target as HTMLElement
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!columns.includes(at)) return
      e.preventDefault()
      moveColumn(at, e.key === 'ArrowDown' ? 1 : -1)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      close(cancel)
    } else if (PRESS.includes(e.key)) {
      e.preventDefault()
      close(at === cancel ? cancel : confirm)
    } else if (e.key === 'Tab') {
      e.preventDefault()
      const i = stops.indexOf(at)
      stops[(i + (e.shiftKey ? -1 : 1) + stops.length) % stops.length].focus()
    }
  }
  panel.addEventListener('keydown', onKey)
  columns[0].focus()
}
