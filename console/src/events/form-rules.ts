/** The event form's checks, on the patterns the server checks by (contracts/admin/event-rules.ts), in the user's language. */
import type { FormRule } from 'antd'
import { EVENT_CODE, EVENT_HASH_CODE, SHARE_PIC, SOME_USER_TYPES, TEXT_MAX } from '@contracts/admin/event-rules'
import type { Translate, TextKey } from '../lib/i18n'

export const required = (t: Translate, field: TextKey): FormRule => ({ required: true, whitespace: true, message: t('common.required', { field: t(field) }) })
export const text = (t: Translate, field: TextKey): FormRule => ({ max: TEXT_MAX, message: `${t(field)} ≤ ${TEXT_MAX}` })

export const eventFormRules = (t: Translate) => ({
  eventCode: [required(t, 'form.eventCode'), { pattern: EVENT_CODE, message: t('form.invalid.eventCode') }],
  eventHashCode: [required(t, 'form.eventHashCode'), { pattern: EVENT_HASH_CODE, message: t('form.invalid.eventHashCode') }],
  sharePic: [{ pattern: SHARE_PIC, message: t('form.invalid.sharePic') }],
  // a validator, not `required`: antd would put aria-required on the group, which a group may not carry
  loginModes: [
    {
      validator: (_: unknown, v: string[] | undefined) => ((v?.length ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('form.invalid.loginModes')))),
    },
  ],
  endTime: [
    required(t, 'form.endTime'),
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: (_: unknown, end: string) => {
        const start = getFieldValue('startTime')
        return !start || !end || end > (start as string) ? Promise.resolve() : Promise.reject(new Error(t('form.invalid.endBeforeStart')))
      },
    }),
  ],
  someUserTypes: [
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: (_: unknown, types: string[] | undefined) =>
        getFieldValue('permissionType') !== SOME_USER_TYPES || (types?.length ?? 0) > 0
          ? Promise.resolve()
          : Promise.reject(new Error(t('form.invalid.someUserTypes'))),
    }),
  ],
})
