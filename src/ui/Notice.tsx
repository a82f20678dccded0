import { View, Text } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import './Notice.scss'

interface Props {
  icon?: string
  text: string
  action?: { label: string; onClick: () => void }
}

/** a full-page message with an optional way out (404, 401, closed or ended event, load errors) */
export function Notice({ icon = 'ⓘ', text, action }: Props) {
  return (
    <View className='notice'>
      <Text className='notice__icon'>{icon}</Text>
      <Text className='notice__text'>{text}</Text>
      {action && (
        <AtButton type='primary' className='notice__action' onClick={action.onClick}>
          {action.label}
        </AtButton>
      )}
    </View>
  )
}
