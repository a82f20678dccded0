/**
 * H5 only, loaded on the first key press that opens a Taro Picker (src/ui/pressable.ts): Taro draws
 * the picker's panel with <div>s a keyboard cannot reach and columns that move only by touch or
 * mouse drags. Here the open panel becomes a dialog a keyboard answers: it takes the focus (its
 * first column), ArrowUp/ArrowDown move a column by one row (as a one-row drag does), Tab goes
 * through the columns and the two buttons and stays inside, Enter confirms, Escape cancels, and the
 * control that opened it gets the focus back. A person typing fast is not outrun: the keys pressed
 * between the opening key and the panel being drawn are held (src/ui/pressable.ts) and replayed on it.
 */

/** the height of one row of Taro's picker columns (@tarojs/components picker-group LINE_HEIGHT) */
const ROW = 34
const PRESS = ['Enter', ' ', 'Spacebar']

/**
 * How long a panel may take to be drawn after the key that opens it (Taro renders on its next
 * frame), beside the 350 ms a panel answered just before takes to slide away.
 */
const OPENING = { everyMs: 16, atMostMs: 1500 }

/** where this picker's panel is: Taro keeps its overlay (moved to <body> once drawn) as the element's `overlay` */
function panelOf(picker: Element): { panel: HTMLElement | null; closing: boolean } {
  const overlay = (picker as Element & { overlay?: HTMLElement }).overlay
  if (!overlay?.isConnected || overlay.style.display === 'none') return { panel: null, closing: false }
  const panel = overlay.querySelector<HTMLElement>('.weui-picker')
  return panel?.classList.contains('weui-animate-slide-down') ? { panel: null, closing: true } : { panel, closing: false }
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
  // a panel still sliding away after an answer ignores the opening click (Taro hides it when its
  // slide ends): the press opens it again once it is gone
  let reopen = false
  const wait = () => {
    const { panel, closing } = panelOf(picker)
    const late = Date.now() - started >= OPENING.atMostMs
    if (closing) reopen = true
    else if (!panel && reopen) {
      reopen = false
      trigger.click()
    }
    if (!panel && !late) {
      setTimeout(wait, OPENING.everyMs)
      return
    }
    release()
    if (panel) answerByKeys(panel, trigger)
    // what was typed meanwhile, where it was meant to go; with no panel, a press again would only
    // open it again: the moves alone go on
    for (const k of held.splice(0)) {
      if (!panel && PRESS.includes(k.key)) continue
      const at = document.activeElement ?? document.body
      at.dispatchEvent(new KeyboardEvent('keydown', { key: k.key, shiftKey: k.shiftKey, bubbles: true, cancelable: true }))
    }
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
    // sliding away it is no dialog any more
    panel.removeAttribute('role')
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
