import { Text, View } from '@tarojs/components'
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
      <View
        className={`agree-check__box ${checked ? 'is-checked' : ''}`}
        onClick={() => onChange(!checked)}
        role='checkbox'
        aria-checked={checked}
        aria-label={label}
      >
        {checked ? '✓' : ''}
      </View>
      <Text onClick={() => onChange(!checked)}>{prefix}</Text>
      {links.map((l) => (
        <Text key={l.label} className='agree-check__link' onClick={l.onClick}>
          {l.label}
        </Text>
      ))}
    </View>
  )
}
