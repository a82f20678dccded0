import { Text, View } from '@tarojs/components'
import './Paragraphs.scss'

/** an agreement's text: paragraphs from the catalogue */
export function Paragraphs({ paragraphs }: { paragraphs: string[] }) {
  return (
    <View className='train-paragraphs'>
      {paragraphs.map((p, i) => (
        <Text key={i} className='train-paragraphs__p'>
          {p}
        </Text>
      ))}
    </View>
  )
}
