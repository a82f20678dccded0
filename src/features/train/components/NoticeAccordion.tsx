import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { useI18n, type MessageKey } from '@/lib/i18n'
import { usePreSale } from '../hooks/usePreSale'
import { toggleOpen } from '../model/accordion'
import { pressable } from '@/ui/pressable'
import './NoticeAccordion.scss'

const ITEMS = ['buy', 'child', 'change', 'refund', 'pickup'] as const

/**
 * noticeOfReservation: the reservation notes as an accordion (spec §2, §4), in accordion mode
 * (one open at a time) unless `accordion` is false. The numbers the server knows (minutes to
 * pay, sale hours, which child rule the event uses) come from it.
 */
export function NoticeAccordion({ accordion = true }: { accordion?: boolean }) {
  const { t } = useI18n()
  const preSale = usePreSale()
  const [open, setOpen] = useState<string[]>(['buy'])
  const p = preSale.data
  const body = (item: (typeof ITEMS)[number]) => {
    if (item === 'buy') return t('train.notice.buy', { minutes: p?.payMinutes ?? '-', opens: p?.saleOpens ?? '-', closes: p?.saleCloses ?? '-' })
    if (item === 'child') return t(p?.childRule === 'age' ? 'train.notice.childAge' : 'train.notice.childHeight')
    return t(`train.notice.${item}` as MessageKey)
  }
  return (
    <View className='notice-accordion'>
      {ITEMS.map((item) => {
        const isOpen = open.includes(item)
        return (
          <View key={item} className={`notice-accordion__item notice-accordion__item--${item} ${isOpen ? 'is-open' : ''}`}>
            <View className='notice-accordion__head' {...pressable(() => setOpen((o) => toggleOpen(o, item, accordion)), { expanded: isOpen })}>
              <Text className='notice-accordion__title'>{t(`train.notice.${item}Title` as MessageKey)}</Text>
              <Text className='notice-accordion__arrow'>{isOpen ? '−' : '+'}</Text>
            </View>
            {isOpen && <Text className='notice-accordion__body'>{body(item)}</Text>}
          </View>
        )
      })}
    </View>
  )
}
