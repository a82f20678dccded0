import { View } from '@tarojs/components'
import { pressable } from '@/ui/pressable'
import './eventday.scss'

/** a row of chips of which one is chosen (the tabs of /signIndex and /travel) */
export function Tabs<K extends string>({ tabs, value, onChange }: { tabs: Array<{ key: K; label: string }>; value: K; onChange: (k: K) => void }) {
  return (
    <View className='sign-tabs' role='tablist'>
      {tabs.map((tab) => (
        <View
          key={tab.key}
          className={`ed-chip ed-tab--${tab.key} ${tab.key === value ? 'ed-chip--on' : ''}`}
          {...pressable(() => onChange(tab.key), { role: 'tab', selected: tab.key === value })}
        >
          {tab.label}
        </View>
      ))}
    </View>
  )
}
