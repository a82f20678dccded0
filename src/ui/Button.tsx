import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { pressable } from './pressable'

interface Props {
  type?: 'primary' | 'secondary'
  size?: 'normal' | 'small'
  loading?: boolean
  disabled?: boolean
  className?: string
  /** the accessible name, when the visible text does not say what the button does */
  label?: string
  onClick?: () => unknown
  children?: ReactNode
}

const RING_ON_PRIMARY = { border: '1px solid #fff', borderColor: '#fff transparent transparent transparent' }

/**
 * The app's button: taro-ui's look (the same `at-button` classes and loading ring) on a control a
 * keyboard reaches and a screen reader names. taro-ui's AtButton draws a View no key reaches
 * (its inner Taro Button is no native button on H5 either).
 */
export function Button({ type, size = 'normal', loading, disabled, className = '', label, onClick, children }: Props) {
  const classes = [
    'at-button',
    `at-button--${size}`,
    type ? `at-button--${type}` : '',
    disabled ? 'at-button--disabled' : '',
    loading ? 'at-button--icon' : '',
    className,
  ]
  const press = () => {
    if (!disabled) onClick?.()
  }
  return (
    <View className={classes.filter(Boolean).join(' ')} {...pressable(press, { label, disabled })} aria-busy={loading || undefined}>
      {loading && (
        <View className='at-button__icon'>
          {/* taro-ui's loading ring (its classes), drawn here: AtLoading brings taro-ui's utilities into the page's first load */}
          <View className='at-loading'>
            {[0, 1, 2].map((i) => (
              <View key={i} className='at-loading__ring' style={type === 'primary' ? RING_ON_PRIMARY : undefined} />
            ))}
          </View>
        </View>
      )}
      <View className='at-button__text'>{children}</View>
    </View>
  )
}
