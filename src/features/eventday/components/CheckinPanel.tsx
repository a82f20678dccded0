import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import { useI18n } from '../i18n'
import { toast } from '@/lib/feedback'
import { TextField } from '@/ui/TextField'
import { useCheckin } from '../hooks/useCheckin'
import { shortTime } from '../model/entries'
import { pickAndDecode, scanWithPlatform } from './scanner'
import './eventday.scss'

/** self-service check-in: the status, scanning (the live camera on H5 outside WeChat), a photo (H5), typing the code, the offline queue */
export function CheckinPanel() {
  const { t, lang } = useI18n()
  const { status, queued, submit } = useCheckin()
  const [code, setCode] = useState('')

  const fromScan = async (get: () => Promise<string | null>) => {
    const text = await get()
    if (text === null) return
    if (text === '') {
      toast(t('eventday.checkin.notFoundInImage'))
      return
    }
    await submit(text)
  }

  return (
    <View className='ed-card checkin-panel'>
      <View className={`checkin-panel__status ${status?.checkedInAt ? 'checkin-panel__status--done' : ''}`}>
        <Text className='checkin-panel__state'>{status?.checkedInAt ? t('eventday.checkin.statusDone') : t('eventday.checkin.statusNot')}</Text>
        {status?.checkedInAt ? (
          <Text className='checkin-panel__when'>
            {t('eventday.checkin.statusDoneAt', { time: shortTime(status.checkedInAt) })}
            {status.method ? ` · ${t(`eventday.checkin.method.${status.method}`)}` : ''}
            {(lang === 'en' ? status.pointNameEn : status.pointNameZh) ? ` · ${lang === 'en' ? status.pointNameEn : status.pointNameZh}` : ''}
          </Text>
        ) : null}
      </View>
      {queued.length > 0 && <Text className='checkin-panel__queued'>{t('eventday.checkin.queuedCount', { n: queued.length })}</Text>}
      <Button
        type='primary'
        className='checkin-panel__scan'
        onClick={() =>
          void fromScan(() =>
            scanWithPlatform({
              hint: t('eventday.checkin.cameraHint'),
              stop: t('eventday.checkin.stopCamera'),
              onNoCamera: () => toast(t('eventday.checkin.cameraUnavailable')),
            }),
          )
        }
      >
        {t('eventday.checkin.scan')}
      </Button>
      {process.env.TARO_ENV === 'h5' && (
        <Button className='checkin-panel__pick' onClick={() => void fromScan(pickAndDecode)}>
          {t('eventday.checkin.pickImage')}
        </Button>
      )}
      <View className='checkin-panel__type'>
        <TextField
          name='checkin-code'
          label={t('eventday.checkin.codeLabel')}
          value={code}
          placeholder={t('eventday.checkin.codePlaceholder')}
          maxlength={60}
          onChange={setCode}
        />
        <Text className='checkin-panel__hint'>{t('eventday.checkin.codeHint')}</Text>
        <Button className='checkin-panel__submit' onClick={() => void submit(code)}>
          {t('eventday.checkin.submit')}
        </Button>
      </View>
    </View>
  )
}
