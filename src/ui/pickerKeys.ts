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

/** how long a panel may take to be drawn after the key that opens it (Taro renders on its next frame) */
const OPENING = { everyMs: 16, atMostMs: 1000 }

/** the panel Taro draws for this picker: its overlay, moved to <body> once drawn, is the element's `overlay` */
function panelOf(picker: Element): HTMLElement | null {
  const overlay = (picker as Element & { overlay?: HTMLElement }).overlay
  // open: the overlay is shown and its panel is not sliding away after an earlier answer
  if (!overlay?.isConnected || overlay.style.display === 'none') return null
  return overlay.querySelector<HTMLElement>('.weui-picker:not(.weui-animate-slide-down)')
}

/**
 * The control that opened the picker, or the one drawn in its place when the form re-rendered it
 * (the same classes but its state's `is-…`): the focus goes back there.
 */
function openerNow(trigger: HTMLElement): HTMLElement | null {
  if (trigger.isConnected) return trigger
  const classes = [...trigger.classList].filter((c) => !c.startsWith('is-') && /^[\w-]+$/.test(c))
  return classes.length ? document.querySelector<HTMLElement>(classes.map((c) => `.${c}`).join('')) : null
}

/** a one-row drag of a column: its own mouse handlers pick the row as for a person's drag */
function moveColumn(column: HTMLElement, rows: number): void {
  const y = 300
  const at = (clientY: number) => ({ clientY, clientX: 10, bubbles: true })
  column.dispatchEvent(new MouseEvent('mousedown', at(y)))
  column.dispatchEvent(new MouseEvent('mousemove', at(y - rows * ROW)))
  column.dispatchEvent(new MouseEvent('mouseup', at(y - rows * ROW)))
}

/**
 * Makes the panel of `picker` (the taro-picker-core around `trigger`) answerable by keys once it is
 * drawn, then `release`s the keys held since the opening key and replays them onto it.
 */
export function keyboardPicker(trigger: HTMLElement, picker: Element, held: KeyboardEvent[], release: () => void): void {
  const started = Date.now()
  const wait = () => {
    const panel = panelOf(picker)
    if (panel || Date.now() - started >= OPENING.atMostMs) {
      release()
      if (panel) answerByKeys(panel, trigger)
      // what was typed meanwhile, where it was meant to go
      for (const k of held.splice(0)) {
        const at = document.activeElement ?? document.body
        at.dispatchEvent(new KeyboardEvent('keydown', { key: k.key, shiftKey: k.shiftKey, bubbles: true, cancelable: true }))
      }
    } else setTimeout(wait, OPENING.everyMs)
  }
  wait()
}

function answerByKeys(panel: HTMLElement, trigger: HTMLElement): void {
  if (panel.dataset.keys === 'on') return
  const [cancel, confirm] = [...panel.querySelectorAll<HTMLElement>('.weui-picker__action')]
  if (!cancel || !confirm) return
  panel.dataset.keys = 'on'
  // a list still loading has no column yet: its buttons still answer
  const columns = [...panel.querySelectorAll<HTMLElement>('taro-picker-group')]
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
    openerNow(trigger)?.focus()
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
  stops[0].focus()
}
