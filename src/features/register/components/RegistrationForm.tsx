/**
 * A new registration: the event's form for one attendee type, followers, activities, protocol.
 * Everything typed is kept on the device as it is typed (the store's register drafts), so a
 * reload, a network error or a refused submit loses nothing; the submit's idempotency key is kept
 * with the draft until the server has answered, so a retry after a time-out registers once.
 */
import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useEffect, useRef, useState } from 'react'
import type { FormValues } from '@contracts/register-form'
import { alert, toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { newKey } from '@/lib/ids'
import { RequestError } from '@/lib/request'
import { useScrollToProblem } from '@/lib/scrollToProblem'
import { reLaunch, redirectTo } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import type { RegisterDraft } from '@/store/registerSlice'
import { Notice } from '@/ui/Notice'
import { submitEnrollment } from '../api/register'
import { useFormSetup } from '../hooks/useFormSetup'
import { draftProblemMessage, draftProblems, emptyDraft, firstProblemSelector, problemsOf, withUploadedFile } from '../model/form'
import { ActivitiesPicker } from './ActivitiesPicker'
import { ProblemText } from './FieldRow'
import { FormFields } from './FormFields'
import './RegistrationForm.scss'
import { pressable } from '@/ui/pressable'

interface Props {
  eventCode: string
  contactType: string
  protocol: { zh: string; en: string }
}

export function RegistrationForm({ eventCode, contactType, protocol }: Props) {
  const { t, lang } = useI18n()
  const setup = useFormSetup(eventCode, contactType)
  const stored = useAppStore((s) => s.registerDrafts[eventCode])
  const saveDraft = useAppStore((s) => s.saveRegisterDraft)
  const clearDraft = useAppStore((s) => s.clearRegisterDraft)
  const addRegistration = useAppStore((s) => s.addRegistration)
  const setSession = useAppStore((s) => s.setSession)
  const draft: RegisterDraft = stored && stored.contactType === contactType ? stored : emptyDraft(contactType)
  const [showProblems, setShowProblems] = useState(false)
  const [saving, setSaving] = useState(false)
  const told = useRef(false)
  const scrollToProblem = useScrollToProblem()

  useEffect(() => {
    if (!stored || stored.contactType !== contactType) saveDraft(eventCode, draft)
    else if (!told.current && Object.keys(stored.values).length > 0) toast(t('register.draftKept'))
    told.current = true
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form: make or announce the draft
  }, [eventCode, contactType])

  if (setup.status === 'error') return <Notice text={t('common.requestFailed')} action={{ label: t('common.retry'), onClick: setup.retry }} />
  if (!setup.data) return <View className='reg-form__loading'>{t('common.loading')}</View>
  const { fields, followerTypes, options, activities } = setup.data
  const followerFields = Object.fromEntries(followerTypes.map((f) => [f.code, f.fields]))
  const update = (change: Partial<RegisterDraft>) => saveDraft(eventCode, { ...draft, ...change })
  const problems = problemsOf(fields, draft.values, options.lists)

  const submit = async () => {
    if (saving) return
    const all = draftProblems(draft, fields, followerFields, options.lists)
    if (all) {
      setShowProblems(true)
      scrollToProblem(firstProblemSelector(all))
      return toast(t(draftProblemMessage(all).key))
    }
    setSaving(true)
    try {
      const r = await submitEnrollment({
        eventCode,
        contactType,
        values: draft.values,
        activityCodes: draft.activityCodes,
        followers: draft.followers.map((f) => ({ followerType: f.followerType, values: f.values })),
        protocolAccepted: draft.protocolAccepted,
        draftId: draft.draftId,
        idempotencyKey: draft.idempotencyKey,
      })
      addRegistration(eventCode, r.contactCode)
      clearDraft(eventCode)
      toast(t('register.submitSuccess'))
      if (r.session) {
        setSession(r.session)
        void reLaunch('home')
      } else {
        void redirectTo('register', { result: r.contactCode })
      }
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      // refused by the server (full, already registered …): that key is spent, a corrected submit is a new intent;
      // a network error or time-out keeps the key, so the retry is answered with the first result
      if (e.kind === 'business' || e.kind === 'notice') update({ idempotencyKey: newKey('reg') })
    } finally {
      setSaving(false)
    }
  }

  const setFollower = (key: string, values: FormValues) => update({ followers: draft.followers.map((f) => (f.key === key ? { ...f, values } : f)) })
  const showProtocol = () => alert({ title: t('register.protocolTitle'), content: lang === 'en' ? protocol.en : protocol.zh })

  return (
    <View className='reg-form'>
      <FormFields
        scope='attendee'
        fields={fields}
        values={draft.values}
        problems={problems}
        showProblems={showProblems}
        options={options}
        onChange={(values) => update({ values })}
        upload={{
          eventCode,
          contactType,
          draftId: draft.draftId,
          fileNames: draft.fileNames,
          // the store as it is now: the upload may have taken a while, the person typed meanwhile
          onUploaded: (field, code, name) =>
            saveDraft(eventCode, withUploadedFile(useAppStore.getState().registerDrafts[eventCode] ?? draft, field, code, name)),
        }}
      />

      {fields.some((f) => f.key === 'activities') && activities.items.length > 0 && (
        <View className='reg-section'>
          <Text className='reg-section__title'>{t('register.field.activities')}</Text>
          <ActivitiesPicker summary={activities} chosen={draft.activityCodes} onChange={(activityCodes) => update({ activityCodes })} />
        </View>
      )}

      {followerTypes.length > 0 && (
        <View className='reg-section reg-followers'>
          <Text className='reg-section__title'>{t('register.followers')}</Text>
          {draft.followers.map((f, i) => {
            const type = followerTypes.find((x) => x.code === f.followerType)
            if (!type) return null
            return (
              <View key={f.key} className='reg-follower'>
                <View className='reg-follower__head'>
                  <Text>{t('register.followerN', { type: lang === 'en' ? type.labelEn : type.labelZh, n: i + 1 })}</Text>
                  <View className='reg-follower__remove' {...pressable(() => update({ followers: draft.followers.filter((x) => x.key !== f.key) }))}>
                    {t('register.removeFollower')}
                  </View>
                </View>
                <FormFields
                  scope={`follower-${i + 1}`}
                  fields={type.fields}
                  values={f.values}
                  problems={problemsOf(type.fields, f.values, options.lists)}
                  showProblems={showProblems}
                  options={options}
                  onChange={(v) => setFollower(f.key, v)}
                />
              </View>
            )
          })}
          {followerTypes.map((type) => {
            const count = draft.followers.filter((f) => f.followerType === type.code).length
            return count < type.max ? (
              <View
                key={type.code}
                className={`reg-follower__add reg-follower__add--${type.code}`}
                {...pressable(() => update({ followers: [...draft.followers, { key: newKey('f'), followerType: type.code, values: {} }] }))}
              >
                + {t('register.addFollowerUpTo', { type: lang === 'en' ? type.labelEn : type.labelZh, max: type.max })}
              </View>
            ) : null
          })}
        </View>
      )}

      <View className={`reg-protocol ${showProblems && !draft.protocolAccepted ? 'has-problem' : ''}`}>
        <View
          className={`reg-protocol__check ${draft.protocolAccepted ? 'is-checked' : ''}`}
          {...pressable(() => update({ protocolAccepted: !draft.protocolAccepted }), {
            role: 'checkbox',
            checked: draft.protocolAccepted,
            label: t('register.protocolAgree'),
          })}
        >
          {draft.protocolAccepted ? '✓' : ''}
        </View>
        <Text className='reg-protocol__text' onClick={() => update({ protocolAccepted: !draft.protocolAccepted })}>
          {t('register.protocolAgree')}
        </Text>
        <Text className='reg-protocol__link' {...pressable(showProtocol, { role: 'link' })}>
          {t('register.protocolRead')}
        </Text>
      </View>
      <ProblemText text={showProblems && !draft.protocolAccepted ? t('register.tickProtocol') : undefined} />

      <View aria-live='polite' className='reg-form__status'>
        {saving ? t('register.saving') : ''}
      </View>
      <Button type='primary' className='reg-form__submit' loading={saving} disabled={saving} onClick={submit}>
        {t('register.submit')}
      </Button>
    </View>
  )
}
