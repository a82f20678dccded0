/**
 * A Taro Picker opened and answered by keys (src/ui/pressable.ts, src/ui/pickerKeys.ts), its panel
 * drawn as Taro draws it: the picker element keeps its panel's overlay (moved to <body>) as
 * `overlay`, shown a frame after the opening click. Keys pressed before the panel is ready go to
 * it; a picker's keys go to its own panel, never another one's; the focus comes back to the
 * control that opened it, or to the one the form drew in its place.
 */
import { pressOnKey } from '@/ui/pressable'

const ORIGINAL_TARO_ENV = process.env.TARO_ENV
const originalRects = Element.prototype.getClientRects
beforeAll(async () => {
  process.env.TARO_ENV = 'h5'
  // loaded once here as in the app after its first use: a cold transform would outlast a test's wait
  await import('@/ui/pickerKeys')
  // jsdom lays nothing out: an element has boxes when neither it nor an ancestor is display:none
  const hidden = (el: Element | null): boolean => !!el && ((el as HTMLElement).style?.display === 'none' || hidden(el.parentElement))
  Element.prototype.getClientRects = function (this: Element) {
    return (hidden(this) ? [] : [{}]) as unknown as DOMRectList
  }
})
afterAll(() => {
  process.env.TARO_ENV = ORIGINAL_TARO_ENV
  Element.prototype.getClientRects = originalRects
})
beforeEach(() => {
  document.body.innerHTML = ''
})

/** one picker as Taro draws it: the trigger inside the picker element, its closed panel at the end of <body> */
function taroPicker(name: string) {
  const picker = document.createElement('taro-picker-core') as HTMLElement & { overlay: HTMLElement }
  const trigger = document.createElement('div')
  trigger.className = `reg-picker reg-picker--${name} is-empty`
  trigger.tabIndex = 0
  trigger.setAttribute('aria-label', name)
  picker.append(trigger)
  document.body.append(picker)
  const overlay = document.createElement('div')
  overlay.className = 'weui-picker__overlay'
  overlay.style.display = 'none'
  overlay.innerHTML = `<div class="weui-mask"></div><div class="weui-picker weui-animate-slide-up">
    <div class="weui-picker__hd"><div class="weui-picker__action">Cancel</div><div class="weui-picker__action">OK</div></div>
    <div class="weui-picker__bd"><taro-picker-group class="weui-picker__group"></taro-picker-group></div></div>`
  document.body.append(overlay)
  picker.overlay = overlay
  const answers: string[] = []
  const [cancel, confirm] = [...overlay.querySelectorAll<HTMLElement>('.weui-picker__action')]
  cancel.onclick = () => answers.push(`${name}: cancel`)
  confirm.onclick = () => answers.push(`${name}: ok`)
  // Taro opens the panel on a click inside the picker element, on its next frame
  // (a click while the panel still slides away after an answer is undone when the slide ends)
  const panel = overlay.querySelector('.weui-picker') as HTMLElement
  picker.addEventListener('click', () => {
    if (!panel.classList.contains('weui-animate-slide-down')) setTimeout(() => (overlay.style.display = ''), 16)
  })
  const open = () => overlay.style.display !== 'none'
  return { picker, trigger, overlay, answers, open }
}

/** a key as the browser delivers it: to the focused element, through the document's capture phase */
function press(key: string): void {
  const at = document.activeElement ?? document.body
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
  at.dispatchEvent(e)
  // the trigger's own key handler (React's onKeyDown in the app) presses it
  if (!e.defaultPrevented && at.classList.contains('reg-picker'))
    pressOnKey({ key, currentTarget: at, preventDefault: () => e.preventDefault(), stopPropagation: () => undefined })
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200))

describe('a picker by keys', () => {
  it('keys typed right after the opening Enter reach its panel: Enter confirms and the focus is back on the trigger', async () => {
    const { trigger, answers } = taroPicker('province')
    trigger.focus()
    press('Enter')
    press('ArrowDown')
    press('ArrowUp')
    press('Enter')
    await settle()
    expect(answers).toEqual(['province: ok'])
    expect(document.activeElement).toBe(trigger)
  })

  it('its keys go to its own panel, not to another picker panel that is open', async () => {
    const { trigger, overlay, answers } = taroPicker('province')
    // another picker's panel, later on the page, still on screen
    const other = taroPicker('nation')
    other.overlay.style.display = ''
    trigger.focus()
    press('Enter')
    await settle()
    expect(document.activeElement?.closest('.weui-picker__overlay')).toBe(overlay)
    press('Escape')
    expect(answers).toEqual(['province: cancel'])
    expect(other.answers).toEqual([])
  })

  it('the focus goes back to the control drawn in place of the one that opened it', async () => {
    const { picker, trigger, answers } = taroPicker('city')
    trigger.focus()
    press('Enter')
    await settle()
    // the answer re-renders the form: a new trigger, now with a value
    const redrawn = trigger.cloneNode() as HTMLElement
    redrawn.classList.remove('is-empty')
    trigger.replaceWith(redrawn)
    press('Enter')
    expect(answers).toEqual(['city: ok'])
    expect(picker.contains(document.activeElement)).toBe(true)
    expect(document.activeElement).toBe(redrawn)
  })

  it('Enter while its panel still slides away after an answer opens it once it is gone; a closed panel is no dialog', async () => {
    const { trigger, overlay, answers } = taroPicker('nation')
    const panel = overlay.querySelector('.weui-picker') as HTMLElement
    trigger.focus()
    press('Enter')
    await settle()
    press('Enter')
    expect(answers).toEqual(['nation: ok'])
    expect(panel.getAttribute('role')).toBeNull()
    // Taro: sliding away for 350 ms, then hidden
    panel.classList.add('weui-animate-slide-down')
    setTimeout(() => {
      panel.classList.remove('weui-animate-slide-down')
      overlay.style.display = 'none'
    }, 350)
    press('Enter')
    press('Escape')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(panel.getAttribute('role')).toBe(null)
    expect(answers).toEqual(['nation: ok', 'nation: cancel'])
    expect(document.activeElement).toBe(trigger)
  })

  it('a panel whose list is still loading (no column yet) still answers: Escape cancels', async () => {
    const { trigger, overlay, answers } = taroPicker('county')
    overlay.querySelector('taro-picker-group')?.remove()
    trigger.focus()
    press('Enter')
    await settle()
    press('Escape')
    expect(answers).toEqual(['county: cancel'])
    expect(document.activeElement).toBe(trigger)
  })
})
