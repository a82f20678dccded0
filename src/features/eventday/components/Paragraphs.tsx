import { Text, View } from '@tarojs/components'
import { paragraphsOf } from '../model/entries'
import './eventday.scss'

/** an organiser's plain text as paragraphs (never HTML: nothing to sanitise) */
export function Paragraphs({ text, className = '' }: { text: string; className?: string }) {
  return (
    <View className={`ed-paragraphs ${className}`}>
      {paragraphsOf(text).map((p, i) => (
        <Text key={i} className='ed-paragraphs__p'>
          {p}
        </Text>
      ))}
    </View>
  )
}
