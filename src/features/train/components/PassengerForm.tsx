import { Picker, Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import { DOCUMENT_TYPES } from '@contracts/documents'
import type { Traveller } from '@contracts/calls/train/travellers'
import { PASSENGER_TYPES } from '@contracts/train'
import { toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { TextField } from '@/ui/TextField'
import { storeTraveller } from '../api/travellers'
import { emptyPassengerForm, passengerFormOf, saveTravellerRequestOf, validatePassenger, type PassengerFormValues } from '../model/passengerForm'
import { pressable } from '@/ui/pressable'
import './PassengerForm.scss'

/**
 * Add or edit a saved traveller (editOrAddPassengers): name, document type and number (checked as
 * registration checks them), passenger type, +86 mobile. What was typed stays when the server
 * refuses it.
 */
export function PassengerForm({ traveller, onSaved }: { traveller?: Traveller; onSaved: (t: Traveller) => void }) {
  const { t } = useI18n()
  const [form, setForm] = useState<PassengerFormValues>(() => (traveller ? passengerFormOf(traveller) : emptyPassengerForm))
  const [busy, setBusy] = useState(false)
  const set =
    <K extends keyof PassengerFormValues>(k: K) =>
    (v: PassengerFormValues[K]) =>
      setForm((f) => ({ ...f, [k]: v }))

  const save = async () => {
    const problem = validatePassenger(form)
    if (problem) return toast(t(problem))
    if (busy) return
    setBusy(true)
    try {
      const saved = await storeTraveller(saveTravellerRequestOf(form, traveller?.id))
      toast(t('train.passenger.saved'))
      onSaved(saved)
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
    } finally {
      setBusy(false)
    }
  }

  const docIndex = Math.max(0, DOCUMENT_TYPES.indexOf(form.documentType))
  return (
    <View className='passenger-form'>
      <View className='passenger-form__card'>
        <TextField
          name='passengerName'
          label={t('train.passenger.name')}
          value={form.name}
          placeholder={t('train.passenger.namePlaceholder')}
          onChange={set('name')}
          maxlength={55}
        />
        <Picker
          mode='selector'
          range={DOCUMENT_TYPES.map((d) => t(`train.document.${d}`))}
          value={docIndex}
          onChange={(e) => set('documentType')(DOCUMENT_TYPES[Number(e.detail.value)] ?? 'idCard')}
        >
          <View className='text-field passenger-form__picker' {...pressable(undefined)}>
            <Text className='text-field__label'>{t('train.passenger.documentType')}</Text>
            <Text className='passenger-form__value'>{t(`train.document.${form.documentType}`)} ›</Text>
          </View>
        </Picker>
        <TextField
          name='passengerDocument'
          label={t('train.passenger.documentNumber')}
          value={form.documentNumber}
          placeholder={t('train.passenger.documentPlaceholder')}
          onChange={set('documentNumber')}
          type={form.documentType === 'idCard' ? 'idcard' : 'text'}
          maxlength={20}
        />
        <View className='text-field passenger-form__types'>
          <Text className='text-field__label'>{t('train.passenger.passengerType')}</Text>
          {PASSENGER_TYPES.map((p) => (
            <View
              key={p}
              className={`passenger-form__type passenger-form__type--${p} ${form.passengerType === p ? 'is-on' : ''}`}
              {...pressable(() => set('passengerType')(p), { role: 'radio', checked: form.passengerType === p })}
            >
              {t(`train.passengerType.${p}`)}
            </View>
          ))}
        </View>
        <TextField
          name='passengerMobile'
          label={t('train.passenger.mobile')}
          value={form.mobile}
          placeholder={t('train.passenger.mobilePlaceholder')}
          onChange={set('mobile')}
          type='number'
          maxlength={11}
          suffix={<Text className='passenger-form__prefix'>{t('train.passenger.mobilePrefix')}</Text>}
        />
      </View>
      <Button type='primary' className='passenger-form__save' loading={busy} onClick={save}>
        {t('train.passenger.save')}
      </Button>
    </View>
  )
}
