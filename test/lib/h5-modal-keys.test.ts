/**
 * Taro's H5 modal answered by keys (src/lib/h5-modal-keys.ts): drawn as Taro draws it (the same
 * classes and order), it becomes an alertdialog that takes the focus, keeps Tab inside, presses its
 * buttons by Enter or Space, cancels by Escape, and gives the focus back to where it was.
 */
import { focusBack, keyboardModal } from '@/lib/h5-modal-keys'

function taroModal(opts: { title?: string; showCancel?: boolean } = {}) {
  document.body.innerHTML = ''
  const opener = document.createElement('button')
  opener.textContent = 'ask'
  document.body.append(opener)
  opener.focus()
  const root = document.createElement('div')
  root.className = 'taro__modal'
  root.innerHTML = `<div class="taro-modal__mask"></div><div class="taro-modal__content">
    <div class="taro-modal__title" style="display:${opts.title ? 'block' : 'none'}">${opts.title ?? ''}</div>
    <div class="taro-modal__text">Not registered for this event</div>
    <div class="taro-modal__foot"><div class="taro-model__btn taro-model__cancel" style="display:${opts.showCancel === false ? 'none' : 'block'}">Cancel</div><div class="taro-model__btn taro-model__confirm">Register</div></div>
  </div>`
  document.body.append(root)
  const answers: string[] = []
  const cancel = root.querySelector<HTMLElement>('.taro-model__cancel')!
  const confirm = root.querySelector<HTMLElement>('.taro-model__confirm')!
  cancel.onclick = () => answers.push('cancel')
  confirm.onclick = () => answers.push('confirm')
  return { opener, root, cancel, confirm, answers }
}

const key = (el: Element, k: string, shiftKey = false) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, cancelable: true }))

describe('the modal by keys', () => {
  it('is an alertdialog named by its title, or its text when it has none, and takes the focus on confirm', () => {
    const { root, confirm } = taroModal({ title: 'Notice' })
    keyboardModal()
    const content = root.querySelector('.taro-modal__content')!
    expect(content.getAttribute('role')).toBe('alertdialog')
    expect(document.getElementById(content.getAttribute('aria-labelledby')!)?.textContent).toBe('Notice')
    expect(document.activeElement).toBe(confirm)

    taroModal()
    keyboardModal()
    const untitled = document.querySelector('.taro-modal__content')!
    expect(document.getElementById(untitled.getAttribute('aria-labelledby')!)?.textContent).toBe('Not registered for this event')
  })

  it('Tab and Shift+Tab go round its two buttons only', () => {
    const { cancel, confirm } = taroModal()
    keyboardModal()
    key(confirm, 'Tab')
    expect(document.activeElement).toBe(cancel)
    key(cancel, 'Tab')
    expect(document.activeElement).toBe(confirm)
    key(confirm, 'Tab', true)
    expect(document.activeElement).toBe(cancel)
  })

  it('Enter and Space press the focused button; Escape cancels', () => {
    const { cancel, confirm, answers } = taroModal()
    keyboardModal()
    key(confirm, 'Enter')
    key(cancel, ' ')
    key(confirm, 'Escape')
    expect(answers).toEqual(['confirm', 'cancel', 'cancel'])
  })

  it('an alert (no cancel) is not cancelled by Escape, and Tab stays on its one button', () => {
    const { confirm, answers } = taroModal({ showCancel: false })
    keyboardModal()
    key(confirm, 'Escape')
    key(confirm, 'Tab')
    expect(answers).toEqual([])
    expect(document.activeElement).toBe(confirm)
  })

  it('gives the focus back to the control that asked, if it is still on the page', () => {
    const { opener } = taroModal()
    keyboardModal()
    focusBack(opener)
    expect(document.activeElement).toBe(opener)
    opener.remove()
    expect(() => focusBack(opener)).not.toThrow()
  })
})
