import { Text, View } from '@tarojs/components'
import type { PageItem } from '../hooks/usePage'
import { LockBadge } from './LockBadge'
import { ModuleIcon } from './ModuleIcon'
import { pressable } from '@/ui/pressable'
import './SudokuGrid.scss'

/** the "nine-square" home: tiles three to a row */
export function SudokuGrid({ items, onOpen }: { items: PageItem[]; onOpen: (item: PageItem) => void }) {
  return (
    <View className='ms-grid'>
      {items.map((item) => (
        <View key={item.module.moduleCode} className={`ms-tile ms-tile--${item.module.kind}`} {...pressable(() => onOpen(item))}>
          <ModuleIcon className='ms-tile__icon' icon={item.module.icon} color={item.module.color} />
          <Text className='ms-tile__title'>{item.text?.title ?? ''}</Text>
          {item.text?.subtitle ? <Text className='ms-tile__subtitle'>{item.text.subtitle}</Text> : null}
          <LockBadge access={item.module.targetAccess} />
        </View>
      ))}
    </View>
  )
}
