import { Text, Textarea, View } from '@tarojs/components'
import { TextField } from '@/ui/TextField'
import { ReasonPicks } from '@/ui/ReasonPicks'
import { useQuery } from '@/lib/useQuery'
import { fetchStandard } from '../api/policy'
import type { AirReservationForm } from '../hooks/useReservation'
import { useI18n } from '../i18n'
import { AIR_CLIENT_RULES } from '../model/rules'

/** the contact (the attendee unless they type another), e-mail, remark, the reason when outside the policy, and their problems */
export function ReservationContact({ form }: { form: AirReservationForm }) {
  const { t, lang } = useI18n()
  const { draft, update, needsReason, problemAt } = form
  const standard = useQuery(`air:standard:${lang}`, fetchStandard)
  return (
    <View className='air-card air-reserve__contact'>
      <Text className='air-section-title'>{t('air.reserve.contact')}</Text>
      <TextField
        name='contact-name'
        label={t('air.reserve.contactName')}
        value={draft.contactName}
        placeholder={t('air.reserve.contactName')}
        maxlength={30}
        onChange={(v) => update({ contactName: v })}
      />
      <TextField
        name='contact-mobile'
        label={t('air.reserve.contactMobile')}
        value={draft.contactMobile}
        placeholder={t('air.reserve.contactMobile')}
        type='number'
        maxlength={11}
        onChange={(v) => update({ contactMobile: v })}
      />
      <TextField
        name='contact-email'
        label={t('air.reserve.email')}
        value={draft.email}
        placeholder={t('air.reserve.emailOptional')}
        maxlength={254}
        onChange={(v) => update({ email: v })}
      />
      <View className='text-field air-reserve__remark'>
        <Text className='text-field__label'>{t('air.reserve.remark')}</Text>
        <Textarea
          className='air-reserve__remark-input'
          value={draft.remark}
          maxlength={AIR_CLIENT_RULES.remarkMax}
          autoHeight
          placeholder={t('air.reserve.remarkPlaceholder', { max: AIR_CLIENT_RULES.remarkMax })}
          onInput={(e) => update({ remark: e.detail.value })}
        />
      </View>
      {needsReason && standard.data?.overPolicyReasons && (
        <ReasonPicks
          reasons={standard.data.overPolicyReasons}
          value={draft.overPolicyReason}
          label={t('air.reserve.overPolicyPicks')}
          onPick={(r) => update({ overPolicyReason: r })}
        />
      )}
      {needsReason && (
        <TextField
          name='over-policy-reason'
          label={t('air.reserve.overPolicyReason')}
          value={draft.overPolicyReason}
          placeholder={t('air.reserve.overPolicyPlaceholder')}
          maxlength={200}
          onChange={(v) => update({ overPolicyReason: v })}
        />
      )}
      {['contactName', 'contactMobile', 'email', 'remark', 'overPolicyReason'].map((f) => {
        const text = problemAt(f)
        return text ? (
          <Text key={f} className='air-problem'>
            {text}
          </Text>
        ) : null
      })}
    </View>
  )
}
