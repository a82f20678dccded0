/**
 * The reasons an event's travel policy offers for an order outside it: a row of choices above the
 * reason field. A pick fills the field with that reason (the attendee may add to it); the one the
 * field starts with shows as chosen.
 */
import { Text, View } from '@tarojs/components'
import { pressable } from './pressable'
import './ReasonPicks.scss'

export function ReasonPicks({ reasons, value, label, onPick }: { reasons: readonly string[]; value: string; label: string; onPick: (reason: string) => void }) {
  if (reasons.length === 0) return null
  const chosen = reasons.find((r) => value.trim().startsWith(r))
  return (
    <View className='reason-picks' role='radiogroup' aria-label={label}>
      <Text className='reason-picks__label'>{label}</Text>
      <View className='reason-picks__list'>
        {reasons.map((r) => (
          <View
            key={r}
            className={`reason-picks__item ${r === chosen ? 'is-on' : ''}`}
            {...pressable(() => onPick(r), { role: 'radio', checked: r === chosen })}
          >
            {r}
          </View>
        ))}
      </View>
    </View>
  )
}
