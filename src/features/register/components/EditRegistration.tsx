/**
 * The logged-in attendee's own registration: shown always, editable while the event allows it
 * (allowEdit), saved with update (one idempotency key per save intent); followers are added,
 * changed and removed one by one with their own calls. Edits in progress are kept on the device
 * like a new registration's.
 */
import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useEffect, useState } from 'react'
import dayjs from 'dayjs'
import type { ContactView, FollowerView } from '@contracts/calls/register'
import type { FormValues } from '@contracts/register-form'
import { toast } from '@/lib/feedback'
import { useI18n, type MessageKey } from '../i18n'
import { newKey } from '@/lib/ids'
import { RequestError } from '@/lib/request'
import { useScrollToProblem } from '@/lib/scrollToProblem'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { withZoneLabel, zoneLabel } from '@/lib/zone-label'
import { Notice } from '@/ui/Notice'
import { addFollower, deleteFollower, editFollower, fetchAllowEdit, fetchFollowers, fetchOwnContact, submitUpdate } from '../api/register'
import { useFormSetup } from '../hooks/useFormSetup'
import { draftProblemMessage, emptyDraft, problemsOf, withUploadedFile } from '../model/form'
import { ActivitiesPicker } from './ActivitiesPicker'
import { FormFields } from './FormFields'
import './RegistrationForm.scss'
import { pressable } from '@/ui/pressable'

const EDIT_KEY = (eventCode: string) => `${eventCode}#edit`

/** `onNotRegistered`: the attendee is logged in but has no registration for this event yet (EREG1036) */
export function EditRegistration({ eventCode, onNotRegistered }: { eventCode: string; onNotRegistered: () => void }) {
  const { t, lang } = useI18n()
  const own = useQuery(`register-own:${eventCode}`, async () => {
    const [contact, allow] = await Promise.all([fetchOwnContact(eventCode), fetchAllowEdit(eventCode)])
    const followers = await fetchFollowers(eventCode, contact.contactCode)
    return { contact, allow, followers }
  })
  const setup = useFormSetup(eventCode, own.data?.contact.contactType ?? null)
  const stored = useAppStore((s) => s.registerDrafts[EDIT_KEY(eventCode)])
  const saveDraft = useAppStore((s) => s.saveRegisterDraft)
  const clearDraft = useAppStore((s) => s.clearRegisterDraft)
  const timeZone = useAppStore((s) => s.event?.timeZone)
  const [showProblems, setShowProblems] = useState(false)
  const scrollToProblem = useScrollToProblem()
  const [followers, setFollowers] = useState<FollowerView[] | null>(null)
  const [newFollower, setNewFollower] = useState<{ type: string; values: FormValues } | null>(null)
  // the registration as the last save answered it (asking again would close the "saved" toast with its loading mask)
  const [saved, setSaved] = useState<ContactView | null>(null)
  const notRegistered = own.error instanceof RequestError && own.error.msgId === 'EREG1036'
  useEffect(() => {
    if (notRegistered) onNotRegistered()
  }, [notRegistered, onNotRegistered])

  if (notRegistered) return null
  if (own.status === 'error' || setup.status === 'error')
    return <Notice text={t('common.requestFailed')} action={{ label: t('common.retry'), onClick: () => (own.retry(), setup.retry()) }} />
  if (!own.data || !setup.data) return <View className='reg-form__loading'>{t('common.loading')}</View>
  const { allow } = own.data
  const contact = saved ?? own.data.contact
  const { fields, followerTypes, options, activities } = setup.data
  const list = followers ?? own.data.followers
  const draft = stored ?? {
    ...emptyDraft(contact.contactType),
    values: contact.values,
    activityCodes: contact.activityCodes,
    fileNames: Object.fromEntries(Object.entries(contact.files).map(([k, f]) => [k, f!.name])),
  }
  const update = (change: Partial<typeof draft>) => saveDraft(EDIT_KEY(eventCode), { ...draft, ...change })
  const problems = problemsOf(fields, draft.values, options.lists)
  const editable = allow.allowed

  const save = async () => {
    if (Object.keys(problems).length) {
      setShowProblems(true)
      scrollToProblem('.reg-fields--attendee .reg-field.has-problem')
      return toast(t(draftProblemMessage({ attendee: problems, followers: {}, protocol: false }).key))
    }
    try {
      const r = await submitUpdate({ eventCode, values: draft.values, activityCodes: draft.activityCodes, idempotencyKey: draft.idempotencyKey })
      setSaved(r)
      clearDraft(EDIT_KEY(eventCode))
      toast(t('register.edit.saved'))
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      if (e.kind === 'business') update({ idempotencyKey: newKey('upd') })
    }
  }

  const saveFollower = async (f: FollowerView, values: FormValues) => {
    try {
      const r = await editFollower({ eventCode, followerId: f.followerId, values })
      setFollowers(list.map((x) => (x.followerId === f.followerId ? r : x)))
      toast(t('register.edit.saved'))
    } catch {
      // told by the request client; the typed values stay in the inputs
    }
  }
  const removeOne = async (f: FollowerView) => {
    try {
      await deleteFollower(eventCode, f.followerId)
      setFollowers(list.filter((x) => x.followerId !== f.followerId))
    } catch {
      // told by the request client
    }
  }
  const addOne = async () => {
    if (!newFollower) return
    try {
      const r = await addFollower({ eventCode, followerType: newFollower.type, values: newFollower.values, idempotencyKey: newKey('fol') })
      setFollowers([...list, r])
      setNewFollower(null)
    } catch {
      // told by the request client; the new follower's values stay
    }
  }

  return (
    <View className='reg-form reg-edit'>
      <View className='reg-edit__head'>
        <Text className='reg-section__title'>{t('register.edit.title')}</Text>
        <Text className={`reg-edit__status reg-edit__status--${contact.status}`}>
          {t('register.edit.status', { status: t(`register.result.${contact.status}` as MessageKey) })}
        </Text>
        <Text className='reg-edit__until'>
          {editable
            ? allow.until
              ? t('register.edit.until', {
                  time: withZoneLabel(dayjs(allow.until.slice(0, 19)).format('YYYY-MM-DD HH:mm'), zoneLabel(allow.until, timeZone, lang)),
                })
              : ''
            : t('register.edit.closed')}
        </Text>
      </View>
      <FormFields
        scope='attendee'
        fields={fields}
        values={draft.values}
        problems={problems}
        showProblems={showProblems}
        options={options}
        onChange={(values) => editable && update({ values })}
        locked={editable ? ['mobile', 'email'] : (fields.flatMap((f) => [f.key]) as Array<keyof FormValues>)}
        upload={
          editable
            ? {
                eventCode,
                contactType: contact.contactType,
                draftId: draft.draftId,
                fileNames: draft.fileNames,
                onUploaded: (field, code, name) =>
                  saveDraft(EDIT_KEY(eventCode), withUploadedFile(useAppStore.getState().registerDrafts[EDIT_KEY(eventCode)] ?? draft, field, code, name)),
              }
            : undefined
        }
      />
      {fields.some((f) => f.key === 'activities') && activities.items.length > 0 && (
        <View className='reg-section'>
          <Text className='reg-section__title'>{t('register.field.activities')}</Text>
          <ActivitiesPicker summary={activities} chosen={draft.activityCodes} onChange={(activityCodes) => editable && update({ activityCodes })} />
        </View>
      )}
      {editable && (
        <Button type='primary' className='reg-form__submit reg-edit__save' onClick={save}>
          {t('register.save')}
        </Button>
      )}

      {followerTypes.length > 0 && (
        <View className='reg-section reg-followers'>
          <Text className='reg-section__title'>{t('register.followers')}</Text>
          {list.map((f, i) => {
            const type = followerTypes.find((x) => x.code === f.followerType)
            return type ? (
              <SavedFollower
                key={f.followerId}
                index={i + 1}
                label={lang === 'en' ? type.labelEn : type.labelZh}
                follower={f}
                fields={type.fields}
                options={options}
                editable={editable}
                onSave={saveFollower}
                onRemove={removeOne}
              />
            ) : null
          })}
          {editable && newFollower && (
            <View className='reg-follower'>
              <FormFields
                scope='follower-new'
                fields={followerTypes.find((x) => x.code === newFollower.type)?.fields ?? []}
                values={newFollower.values}
                problems={{}}
                showProblems={false}
                options={options}
                onChange={(values) => setNewFollower({ ...newFollower, values })}
              />
              <Button size='small' className='reg-follower__save' onClick={addOne}>
                {t('register.save')}
              </Button>
            </View>
          )}
          {editable &&
            !newFollower &&
            followerTypes.map((type) =>
              list.filter((f) => f.followerType === type.code).length < type.max ? (
                <View
                  key={type.code}
                  className={`reg-follower__add reg-follower__add--${type.code}`}
                  {...pressable(() => setNewFollower({ type: type.code, values: {} }))}
                >
                  + {t('register.addFollower', { type: lang === 'en' ? type.labelEn : type.labelZh })}
                </View>
              ) : null,
            )}
        </View>
      )}
    </View>
  )
}

function SavedFollower(props: {
  index: number
  label: string
  follower: FollowerView
  fields: Parameters<typeof FormFields>[0]['fields']
  options: Parameters<typeof FormFields>[0]['options']
  editable: boolean
  onSave: (f: FollowerView, values: FormValues) => void
  onRemove: (f: FollowerView) => void
}) {
  const { t } = useI18n()
  const [values, setValues] = useState(props.follower.values)
  const problems = problemsOf(props.fields, values, props.options.lists)
  return (
    <View className='reg-follower'>
      <View className='reg-follower__head'>
        <Text>{t('register.followerN', { type: props.label, n: props.index })}</Text>
        {props.editable && (
          <View className='reg-follower__remove' {...pressable(() => props.onRemove(props.follower))}>
            {t('register.removeFollower')}
          </View>
        )}
      </View>
      <FormFields
        scope={`follower-${props.index}`}
        fields={props.fields}
        values={values}
        problems={problems}
        showProblems
        options={props.options}
        onChange={(v) => props.editable && setValues(v)}
      />
      {props.editable && (
        <Button
          size='small'
          className='reg-follower__save'
          onClick={() => (Object.keys(problems).length ? toast(t('register.fillFollowerRequired')) : props.onSave(props.follower, values))}
        >
          {t('register.save')}
        </Button>
      )}
    </View>
  )
}
