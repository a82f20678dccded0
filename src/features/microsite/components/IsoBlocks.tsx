import { Text, View } from '@tarojs/components'
import type { PageItem } from '../hooks/usePage'
import { LockBadge } from './LockBadge'
import { ModuleIcon } from './ModuleIcon'
import { pressable } from '@/ui/pressable'
import './IsoBlocks.scss'

/**
 * The 2.5D home: modules as raised blocks on a tilted floor, the first one wide (the organiser
 * puts the main entrance first), the others two to a row.
 */
export function IsoBlocks({ items, onOpen }: { items: PageItem[]; onOpen: (item: PageItem) => void }) {
  return (
    <View className='ms-iso'>
      {items.map((item, i) => (
        <View
          key={item.module.moduleCode}
          className={`ms-iso-card ms-iso-card--${item.module.kind}${i === 0 ? ' ms-iso-card--wide' : ''}`}
          {...pressable(() => onOpen(item))}
        >
          <View className='ms-iso-card__block' style={{ backgroundColor: item.module.color }}>
            <ModuleIcon className='ms-iso-card__icon' icon={item.module.icon} color='transparent' />
          </View>
          <View className='ms-iso-card__text'>
            <Text className='ms-iso-card__title'>{item.text?.title ?? ''}</Text>
            {item.text?.subtitle ? <Text className='ms-iso-card__subtitle'>{item.text.subtitle}</Text> : null}
            <LockBadge access={item.module.targetAccess} />
          </View>
        </View>
      ))}
    </View>
  )
}
