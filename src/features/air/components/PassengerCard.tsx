import { Picker, Text, View } from '@tarojs/components'
import { AIR_DOCUMENT_TYPES, AIR_SEXES, PASSENGER_TYPES } from '@contracts/air'
import { useI18n } from '../i18n'
import { TextField } from '@/ui/TextField'
import { documentHoldsBirth, passengerTypeOf, type PassengerDraft } from '../model/booking'
import { yuan } from '../model/money'
import { AIR_CLIENT_RULES } from '../model/rules'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  passenger: PassengerDraft
  departureDate: string
  /** Beijing today: birth dates are picked up to it */
  today: string
  /** the problem to show on this card, already in the user's language */
  problem: string | null
  onChange: (p: PassengerDraft) => void
  onRemove: () => void
}

/** one passenger: name as on the document, document type and number, sex, birth date, insurance */
export function PassengerCard({ passenger: p, departureDate, today, problem, onChange, onRemove }: Props) {
  const { t } = useI18n()
  const set =
    <K extends keyof PassengerDraft>(k: K) =>
    (v: PassengerDraft[K]) =>
      onChange({ ...p, [k]: v })
  const type = passengerTypeOf(p, departureDate)
  const docIndex = AIR_DOCUMENT_TYPES.indexOf(p.documentType)
  return (
    <View className={`air-card air-passenger ${problem ? 'has-problem' : ''}`}>
      <View className='air-row air-passenger__head'>
        <Text className='air-passenger__title'>
          {p.name.trim() || t('air.reserve.addPassenger')}
          {type && type !== 'tooYoung' && <Text className={`air-tag air-tag--${type}`}>{t(`air.reserve.type.${type}`)}</Text>}
        </Text>
        <View className='air-link air-passenger__remove' {...pressable(onRemove)}>
          {t('air.reserve.remove')}
        </View>
      </View>
      <TextField
        name='passenger-name'
        label={t('air.reserve.name')}
        value={p.name}
        placeholder={t('air.reserve.namePlaceholder')}
        maxlength={55}
        onChange={set('name')}
      />
      <Picker
        mode='selector'
        range={AIR_DOCUMENT_TYPES.map((d) => t(`air.doc.${d}`))}
        value={docIndex}
        onChange={(e) => set('documentType')(AIR_DOCUMENT_TYPES[Number(e.detail.value)])}
      >
        <View className='text-field air-passenger__doc-type' {...pressable(undefined)}>
          <Text className='text-field__label'>{t('air.reserve.documentType')}</Text>
          <Text className='air-passenger__value'>{t(`air.doc.${p.documentType}`)} ›</Text>
        </View>
      </Picker>
      <TextField
        name='passenger-document'
        label={t('air.reserve.documentNumber')}
        value={p.documentNumber}
        placeholder={t('air.reserve.documentPlaceholder')}
        type={p.documentType === 'idCard' ? 'idcard' : 'text'}
        maxlength={20}
        onChange={set('documentNumber')}
      />
      <View className='text-field air-passenger__sex'>
        <Text className='text-field__label'>{t('air.reserve.sex')}</Text>
        <View className='air-chips'>
          {AIR_SEXES.map((s) => (
            <View key={s} className={`air-chip ${p.sex === s ? 'is-on' : ''}`} {...pressable(() => set('sex')(s), { role: 'radio', checked: p.sex === s })}>
              {t(`air.sex.${s}`)}
            </View>
          ))}
        </View>
      </View>
      <View className='text-field air-passenger__ticket-type'>
        <Text className='text-field__label'>{t('air.reserve.ticketType')}</Text>
        <View className='air-chips'>
          {PASSENGER_TYPES.map((k) => (
            <View
              key={k}
              className={`air-chip ${(p.ticketType || type) === k ? 'is-on' : ''}`}
              onClick={() => set('ticketType')(p.ticketType === k ? '' : k)}
              role='radio'
              aria-checked={p.ticketType === k}
            >
              {t(`air.reserve.type.${k}`)}
            </View>
          ))}
        </View>
      </View>
      {!documentHoldsBirth(p.documentType) && (
        <Picker mode='date' value={p.birthDate || '1990-01-01'} start='1900-01-01' end={today} onChange={(e) => set('birthDate')(String(e.detail.value))}>
          <View className='text-field air-passenger__birth' {...pressable(undefined)}>
            <Text className='text-field__label'>{t('air.reserve.birthDate')}</Text>
            <Text className={`air-passenger__value ${p.birthDate ? '' : 'is-empty'}`}>{p.birthDate || t('air.reserve.birthPlaceholder')} ›</Text>
          </View>
        </Picker>
      )}
      <TextField
        name='passenger-mobile'
        label={t('air.reserve.mobile')}
        value={p.mobile}
        placeholder={t('air.reserve.mobileOptional')}
        type='number'
        maxlength={11}
        onChange={set('mobile')}
      />
      <View className='air-passenger__insurance' {...pressable(() => set('insurance')(!p.insurance), { role: 'checkbox', checked: p.insurance })}>
        <Text className={`air-check ${p.insurance ? 'is-on' : ''}`}>{p.insurance ? '✓' : ''}</Text>
        <Text>{t('air.reserve.insurance', { amount: yuan(AIR_CLIENT_RULES.insuranceFen) })}</Text>
      </View>
      {problem && <Text className='air-problem'>{problem}</Text>}
    </View>
  )
}
