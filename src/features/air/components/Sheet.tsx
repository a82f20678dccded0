import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useI18n } from '../i18n'
import { pressable } from '@/ui/pressable'
import { useDialogFocus } from '@/ui/useDialogFocus'
import './air.scss'

interface Props {
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  /** 'full' for pickers that need the whole screen */
  size?: 'half' | 'full'
}

/** a panel sliding up from the bottom over the page (filters, cabins, rules, pickers) */
export function Sheet({ title, onClose, children, footer, size = 'half' }: Props) {
  const { t } = useI18n()
  const dialog = useDialogFocus(title, onClose)
  return (
    <View className='air-sheet' catchMove>
      <View className='air-sheet__mask' onClick={onClose} />
      <View className={`air-sheet__panel air-sheet__panel--${size}`} {...dialog}>
        <View className='air-sheet__head'>
          <Text className='air-sheet__title'>{title}</Text>
          <View className='air-sheet__close' {...pressable(onClose, { label: t('air.picker.close') })}>
            ✕
          </View>
        </View>
        <View className='air-sheet__body'>{children}</View>
        {footer && <View className='air-sheet__foot'>{footer}</View>}
      </View>
    </View>
  )
}
