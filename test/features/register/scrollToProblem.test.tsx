/**
 * A failed submit of the registration form brings the first problem into view (the form is long
 * on a phone: the toast alone does not say where): the attendee's first field with a problem,
 * else a follower's, else the protocol.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { getFieldRules, listFollowerTypes, listFormItems, listScheduleSummary, saveEnrollment } from '@contracts/calls/register'
import { listDictItems } from '@contracts/calls/reference'
import { RegistrationForm } from '@/features/register/components/RegistrationForm'
import { firstProblemSelector } from '@/features/register/model/form'
import { useAppStore } from '@/store'
import { bodiesTo, eventually, ok, toasts } from '../../support/fakeServer'
import { freshPageTest } from '../../support/pageTest'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

const scrolled: Element[] = []
beforeAll(() => {
  // jsdom lays nothing out: record what was asked to come into view
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this)
  }
})

beforeEach(() => {
  scrolled.length = 0
  freshPageTest({
    [getFieldRules.path]: () =>
      ok({
        fields: [
          { key: 'name', required: true, labelZh: '', labelEn: '' },
          { key: 'company', required: false, labelZh: '', labelEn: '' },
          { key: 'email', required: true, labelZh: '', labelEn: '' },
        ],
      }),
    [listFollowerTypes.path]: () => ok([]),
    [listFormItems.path]: () => ok([]),
    [listDictItems.path]: () => ok([]),
    [listScheduleSummary.path]: () => ok({ eventCode: 'E1', maxPerAttendee: null, chosen: [], items: [] }),
  })
  useAppStore.setState({ eventHashCode: 'demo', eventCode: 'E1' })
})

it('scrolls to the first field with a problem, then (fields filled) to the protocol; nothing is sent', async () => {
  render(<RegistrationForm eventCode='E1' contactType='attendee' protocol={{ zh: '协议', en: 'Protocol' }} />)
  const submit = await screen.findByText('提交报名')
  fireEvent.click(submit)
  await eventually(() => expect(scrolled).toHaveLength(1))
  expect(scrolled[0].className).toContain('reg-field--attendee-name')
  expect(scrolled[0].className).toContain('has-problem')
  expect(toasts().at(-1)).toBe('请填写参会人的必填项')

  // the name filled: the first problem is now the e-mail further down
  useAppStore.setState({ registerDrafts: { E1: { ...useAppStore.getState().registerDrafts.E1, values: { name: '张三' } } } })
  await eventually(() => expect(document.body.querySelector('.reg-field--attendee-name.has-problem')).toBeNull())
  fireEvent.click(submit)
  await eventually(() => expect(scrolled).toHaveLength(2))
  expect(scrolled[1].className).toContain('reg-field--attendee-email')

  useAppStore.setState({ registerDrafts: { E1: { ...useAppStore.getState().registerDrafts.E1, values: { name: '张三', email: 'a@example.com' } } } })
  await eventually(() => expect(document.body.querySelector('.reg-fields--attendee .has-problem')).toBeNull())
  fireEvent.click(submit)
  await eventually(() => expect(scrolled).toHaveLength(3))
  expect(scrolled[2].className).toContain('reg-protocol')
  expect(bodiesTo(saveEnrollment.path)).toHaveLength(0)
})

it('the order of the form: attendee, then followers, then the protocol', () => {
  expect(firstProblemSelector({ attendee: { name: 'required' } as never, followers: { f1: {} }, protocol: true })).toBe(
    '.reg-fields--attendee .reg-field.has-problem',
  )
  expect(firstProblemSelector({ attendee: {}, followers: { f1: { name: 'required' } as never }, protocol: true })).toBe('.reg-followers .reg-field.has-problem')
  expect(firstProblemSelector({ attendee: {}, followers: {}, protocol: true })).toBe('.reg-protocol')
})
