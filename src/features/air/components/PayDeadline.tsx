import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { useI18n } from '../i18n'
import { countdown } from '../model/format'
import './air.scss'

/**
 * the time left to pay, by the server's deadline (the phone's clock only counts it down); `of`:
 * what is undone when it passes (the order, or a change of it)
 */
export function PayDeadline({ deadline, of = 'order' }: { deadline: string; of?: 'order' | 'change' }) {
  const { t } = useI18n()
  const end = Date.parse(deadline)
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    if (now >= end) return
    const id = setTimeout(() => setNow(Date.now()), 1000)
    return () => clearTimeout(id)
  }, [now, end])
  return (
    <View className={`air-deadline ${now >= end ? 'is-over' : ''}`} role='timer'>
      <Text>
        {of === 'change'
          ? now >= end
            ? t('air.after.changeDeadlinePassed')
            : t('air.after.changeDeadline', { time: countdown(end, now) })
          : now >= end
            ? t('air.pay.deadlinePassed')
            : t('air.pay.deadline', { time: countdown(end, now) })}
      </Text>
    </View>
  )
}
