import { Text, View } from '@tarojs/components'
import { pressable } from '@/ui/pressable'
import './AgreeCheck.scss'

interface Props {
  checked: boolean
  onChange: (checked: boolean) => void
  prefix: string
  /** the agreements named after the prefix, each opening its page */
  links: Array<{ label: string; onClick: () => void }>
  name: string
}

/** a drawn checkbox whose accessible name is the sentence beside it (spec §5: tick the agreement) */
export function AgreeCheck({ checked, onChange, prefix, links, name }: Props) {
  const label = `${prefix}${links.map((l) => l.label).join('')}`
  return (
    <View className={`agree-check agree-check--${name}`}>
      <View className={`agree-check__box ${checked ? 'is-checked' : ''}`} {...pressable(() => onChange(!checked), { role: 'checkbox', label, checked })}>
        {checked ? '✓' : ''}
      </View>
      <Text onClick={() => onChange(!checked)}>{prefix}</Text>
      {links.map((l) => (
        <Text key={l.label} className='agree-check__link' {...pressable(l.onClick)}>
          {l.label}
        </Text>
      ))}
    </View>
  )
}
