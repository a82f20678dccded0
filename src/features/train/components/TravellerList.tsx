import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState, type ReactNode } from 'react'
import type { Traveller } from '@contracts/calls/train/travellers'
import { confirm, toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { removeTravellers } from '../api/travellers'
import { wallClockOf } from '../model/format'
import { maskDocument } from '../model/passengerForm'
import { toggle } from '../model/filters'
import { pressable } from '@/ui/pressable'
import './TravellerList.scss'

/** one saved traveller: name, ticket kind, document, mobile, identity check and the date added (spec §3) */
export function TravellerCard({ traveller: p, children }: { traveller: Traveller; children?: ReactNode }) {
  const { t } = useI18n()
  return (
    <View className='traveller-card__main'>
      <View className='traveller-card__line'>
        <Text className='traveller-card__name'>{p.name}</Text>
        <Text className={`traveller-card__type traveller-card__type--${p.passengerType}`}>{t(`train.passengerType.${p.passengerType}`)}</Text>
        <Text className={`traveller-card__audit traveller-card__audit--${p.auditStatus}`}>{t(`train.audit.${p.auditStatus}`)}</Text>
      </View>
      <Text className='traveller-card__sub'>
        {t(`train.document.${p.documentType}`)} {maskDocument(p.documentNumber)}
      </Text>
      <Text className='traveller-card__sub'>
        +86 {p.mobile} · {t('train.passenger.addedAt', { date: wallClockOf(p.addedAt).slice(0, 10) })}
      </Text>
      {children}
    </View>
  )
}

/** editOrAddPassengers' list: edit one, or pick several and delete them (tmcPassenger/deleteTravelers) */
export function TravellerList({
  travellers,
  onEdit,
  onAdd,
  onChanged,
}: {
  travellers: Traveller[]
  onEdit: (t: Traveller) => void
  onAdd: () => void
  onChanged: () => void
}) {
  const { t } = useI18n()
  const [managing, setManaging] = useState(false)
  const [selected, setSelected] = useState<number[]>([])
  const remove = async () => {
    if (!selected.length) return
    if (!(await confirm({ content: t('train.passenger.deleteConfirm', { n: selected.length }) }))) return
    try {
      await removeTravellers(selected)
      toast(t('train.passenger.deleted'))
      setSelected([])
      setManaging(false)
      onChanged()
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
    }
  }
  return (
    <View className='traveller-list'>
      <View className='traveller-list__head'>
        <Button type='primary' size='small' className='traveller-list__add' onClick={onAdd}>
          + {t('train.passenger.add')}
        </Button>
        {travellers.length > 0 && (
          <Text className='traveller-list__manage' {...pressable(() => setManaging((m) => !m))}>
            {managing ? t('train.passenger.done') : t('train.passenger.manage')}
          </Text>
        )}
      </View>
      {!travellers.length && <Text className='traveller-list__empty'>{t('train.passenger.empty')}</Text>}
      {travellers.map((p) => (
        <View
          key={p.id}
          className={`traveller-card ${managing && selected.includes(p.id) ? 'is-selected' : ''}`}
          {...pressable(() => (managing ? setSelected((s) => toggle(s, p.id)) : onEdit(p)))}
        >
          {managing && (
            <View
              className={`traveller-card__check ${selected.includes(p.id) ? 'is-checked' : ''}`}
              role='checkbox'
              aria-checked={selected.includes(p.id)}
              aria-label={p.name}
            >
              {selected.includes(p.id) ? '✓' : ''}
            </View>
          )}
          <TravellerCard traveller={p} />
          {!managing && <Text className='traveller-card__edit'>{t('train.passenger.edit')} ›</Text>}
        </View>
      ))}
      {managing && (
        <View className='traveller-list__bar'>
          <Button type='primary' className='traveller-list__delete' disabled={!selected.length} onClick={remove}>
            {t('train.passenger.deleteSelected', { n: selected.length })}
          </Button>
        </View>
      )}
    </View>
  )
}
