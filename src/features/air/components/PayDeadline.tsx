import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { useI18n } from '@/lib/i18n'
import { countdown } from '../model/format'
import './air.scss'

/** the time left to pay, by the server's deadline (the phone's clock only counts it down) */
export function PayDeadline({ deadline }: { deadline: string }) {
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
      <Text>{now >= end ? t('air.pay.deadlinePassed') : t('air.pay.deadline', { time: countdown(end, now) })}</Text>
    </View>
  )
}
