import { View, Text, Input } from '@tarojs/components'
import type { ReactNode } from 'react'
import './TextField.scss'

interface Props {
  name: string
  label: string
  value: string
  placeholder: string
  onChange: (value: string) => void
  type?: 'text' | 'number' | 'idcard'
  password?: boolean
  maxlength?: number
  /** e.g. the "get code" button */
  suffix?: ReactNode
}

/** a labelled one-line input; `name` gives it a stable class for tests and styling */
export function TextField({ name, label, value, placeholder, onChange, type = 'text', password, maxlength = 140, suffix }: Props) {
  return (
    <View className={`text-field text-field--${name}`}>
      <Text className='text-field__label'>{label}</Text>
      <Input
        className='text-field__input'
        value={value}
        type={type}
        password={password}
        maxlength={maxlength}
        placeholder={placeholder}
        placeholderClass='text-field__placeholder'
        onInput={(e) => onChange(e.detail.value)}
      />
      {suffix}
    </View>
  )
}
