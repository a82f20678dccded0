/**
 * H5 only (src/lib/h5-interaction.ts): Taro's modal (`Taro.showModal`, every confirm and alert the
 * app asks) is drawn with <div>s no key reaches. Once it is on screen it becomes a dialog a keyboard
 * answers: named by its title and text, its buttons in the Tab order (Tab stays inside), Enter or
 * Space pressing one, Escape cancelling when there is a cancel; it takes the focus, and the control
 * that asked the question gets it back when the modal closes.
 */

const KEYS_TO_PRESS = ['Enter', ' ', 'Spacebar']

const visible = (el: HTMLElement) => el.style.display !== 'none'

/** makes the modal on screen answerable by keys and focuses its confirm button */
export function keyboardModal(): void {
  const root = document.querySelector<HTMLElement>('.taro__modal')
  const content = root?.querySelector<HTMLElement>('.taro-modal__content')
  const confirm = root?.querySelector<HTMLElement>('.taro-model__confirm')
  const cancel = root?.querySelector<HTMLElement>('.taro-model__cancel')
  if (!root || !content || !confirm || !cancel) return
  const title = root.querySelector<HTMLElement>('.taro-modal__title')
  const text = root.querySelector<HTMLElement>('.taro-modal__text')
  if (title) title.id = 'taro-modal-title'
  if (text) text.id = 'taro-modal-text'
  content.setAttribute('role', 'alertdialog')
  content.setAttribute('aria-modal', 'true')
  content.setAttribute('aria-labelledby', title && visible(title) && title.textContent ? 'taro-modal-title' : 'taro-modal-text')
  content.setAttribute('aria-describedby', 'taro-modal-text')
  for (const button of [cancel, confirm]) {
    button.setAttribute('role', 'button')
    button.tabIndex = 0
  }
  root.onkeydown = (e) => {
    const buttons = [cancel, confirm].filter(visible)
    const target = e.target as HTMLElement
    if (KEYS_TO_PRESS.includes(e.key) && buttons.includes(target)) {
      e.preventDefault()
      target.click()
    } else if (e.key === 'Escape' && visible(cancel)) {
      e.preventDefault()
      cancel.click()
    } else if (e.key === 'Tab') {
      // the page under the mask is out of reach while the question is open
      e.preventDefault()
      const at = buttons.indexOf(target)
      buttons[(at + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length]?.focus()
    }
  }
  confirm.focus()
}

/** the focus back where it was when the modal was asked for, if that control is still there */
export function focusBack(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus()
}
