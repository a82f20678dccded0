import { View, Text } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useI18n } from '../i18n'

interface Props {
  name: string
  label: string
  required: boolean
  /** the problem's text, shown under the control and announced (role alert) */
  problem?: string
  children: ReactNode
}

/** one labelled row of the form, with its message at the field */
export function FieldRow({ name, label, required, problem, children }: Props) {
  const { t } = useI18n()
  return (
    <View className={`reg-field reg-field--${name} ${problem ? 'has-problem' : ''}`}>
      <View className='reg-field__label'>
        <Text>{label}</Text>
        {required && (
          <View className='reg-field__required' aria-label={t('register.required')}>
            *
          </View>
        )}
      </View>
      <View className='reg-field__control'>{children}</View>
      <ProblemText text={problem} />
    </View>
  )
}

/** a message at a field: announced to screen readers as it appears */
export function ProblemText({ text }: { text?: string }) {
  return text ? (
    <View className='reg-field__problem' role='alert' aria-live='polite'>
      {text}
    </View>
  ) : null
}
