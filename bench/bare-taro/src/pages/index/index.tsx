import { Text, View } from '@tarojs/components'

/** one line of text: the smallest page Taro 4 + React can show */
export default function Index() {
  return (
    <View>
      <Text lang="en">Hello, attendee</Text>
    </View>
  )
}
