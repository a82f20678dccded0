import Taro, { useDidHide, useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import type { AttendanceCode } from '@contracts/calls/eventday'
import { useI18n } from '../i18n'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { fetchAttendanceCode } from '../api'
import { useOfflineQuery } from '../hooks/useOfflineQuery'
import { savedAtLabel } from '../model/saved-at'
import { QrCode } from './QrCode'
import './eventday.scss'

/** the mini-program only: full brightness while the code is on screen, the old brightness after */
function useFullBrightness(): void {
  const previous = useRef<number | null>(null)
  const raise = () => {
    if (process.env.TARO_ENV !== 'weapp') return
    Taro.getScreenBrightness()
      .then((r) => {
        previous.current = r.value
        return Taro.setScreenBrightness({ value: 1 })
      })
      .catch(() => undefined)
    Taro.setKeepScreenOn({ keepScreenOn: true }).catch(() => undefined)
  }
  const restore = () => {
    if (process.env.TARO_ENV !== 'weapp' || previous.current === null) return
    Taro.setScreenBrightness({ value: previous.current }).catch(() => undefined)
    Taro.setKeepScreenOn({ keepScreenOn: false }).catch(() => undefined)
    previous.current = null
  }
  useEffect(() => {
    raise()
    return restore
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, [])
  useDidShow(raise)
  useDidHide(restore)
}

/** the attendee's personal QR code: a short opaque token, kept for offline once seen */
export function AttendanceCodeCard() {
  const { t, lang } = useI18n()
  const who = useAppStore((s) => (s.token && s.user ? `${s.eventCode}:${s.user.userCode}` : null))
  const q = useOfflineQuery<AttendanceCode>(who ? `attendance:${who}` : null, fetchAttendanceCode)
  useFullBrightness()
  if (!q.data) {
    if (q.status === 'error') return <Notice text={t('eventday.attendance.loadFailed')} action={{ label: t('common.retry'), onClick: q.retry }} />
    return <Notice icon='…' text={t('common.loading')} />
  }
  return (
    <View className='ed-card attendance-card'>
      <Text className='ed-card__title'>{t('eventday.attendance.title')}</Text>
      <View className='attendance-card__qr'>
        <QrCode text={q.data.token} size={560} />
      </View>
      <Text className='attendance-card__token'>{q.data.token}</Text>
      <Text className='attendance-card__hint'>
        {q.offline && q.savedAt ? t('eventday.attendance.offline', { time: savedAtLabel(q.savedAt, lang) }) : t('eventday.attendance.hint')}
      </Text>
    </View>
  )
}
