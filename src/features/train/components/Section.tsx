import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './Section.scss'

/** a white card with an optional title and a link on its right */
export function Section({ title, extra, children, className }: { title?: string; extra?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <View className={`train-section ${className ?? ''}`}>
      {(title || extra) && (
        <View className='train-section__head'>
          <Text className='train-section__title'>{title}</Text>
          {extra}
        </View>
      )}
      {children}
    </View>
  )
}
