import { View, Text } from '@tarojs/components'
import { Button } from '@/ui/Button'
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
      {action && <NoticeAction {...action} />}
    </View>
  )
}

/**
 * The way out, as taro-ui's primary button looks (its `.at-button` classes, in the app's styles
 * already). On H5 a plain <button> (focusable, pressed by Enter and Space, named by its text): the
 * train results page and the entry pages show this notice, and AtButton with Taro's Button
 * underneath cost their first load ~3.5 KiB gzipped (H5 first-load budget). The mini-program keeps AtButton.
 */
function NoticeAction({ label, onClick }: { label: string; onClick: () => void }) {
  // if/else, not an early return: webpack drops the branch of another platform, and with it its imports
  if (process.env.TARO_ENV === 'h5') {
    return (
      <button type='button' className='at-button at-button--primary notice__action notice__action--plain' onClick={onClick}>
        {label}
      </button>
    )
  } else {
    return (
      <Button type='primary' className='notice__action' onClick={onClick}>
        {label}
      </Button>
    )
  }
}
