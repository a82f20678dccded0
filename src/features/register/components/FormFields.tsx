/** The fields of one person (attendee or follower), in the order the event's form gives them. */
import { View } from '@tarojs/components'
import type { DictItem } from '@contracts/calls/reference'
import type { FieldConfig, FormValues, ListItem, UploadField } from '@contracts/register-form'
import { useI18n } from '../i18n'
import { fieldLabelKey, problemKey, type Problems } from '../model/form'
import { FieldRow } from './FieldRow'
import { ChoiceButtons, ListPicker, PhoneInput, RegionInput, TextInput } from './Inputs'
import { UploadInput } from './UploadInput'

export interface FormOptions {
  lists: Record<string, ListItem[]>
  nations: DictItem[]
  documentTypes: DictItem[]
  countryCodes: DictItem[]
}

interface Props {
  /** prefix of class names: attendee or follower-N */
  scope: string
  fields: FieldConfig[]
  values: FormValues
  problems: Problems
  showProblems: boolean
  options: FormOptions
  onChange: (values: FormValues) => void
  upload?: {
    eventCode: string
    contactType: string
    draftId: string
    fileNames: Record<string, string>
    onUploaded: (field: UploadField, fileCode: string, name: string) => void
  }
  /** fields shown but not editable (the login mobile and e-mail once registered) */
  locked?: Array<keyof FormValues>
}

export function FormFields({ scope, fields, values, problems, showProblems, options, onChange, upload, locked = [] }: Props) {
  const { t, lang } = useI18n()
  const set =
    <K extends keyof FormValues>(k: K) =>
    (v: FormValues[K]) =>
      onChange({ ...values, [k]: v })
  const text = (k: keyof FormValues, label: string, extra: { type?: 'number' | 'idcard'; maxlength?: number } = {}) =>
    locked.includes(k) ? (
      <View className='reg-locked'>{String(values[k] ?? '')}</View>
    ) : (
      <TextInput name={`${scope}-${k}`} value={values[k] as string} onChange={set(k) as (v: string) => void} label={label} {...extra} />
    )

  return (
    <View className={`reg-fields reg-fields--${scope}`}>
      {fields
        .filter((f) => f.key !== 'activities')
        .map((f) => {
          const label = (lang === 'en' ? f.labelEn : f.labelZh) || t(fieldLabelKey(f.key))
          // a wrong value is said at once; a blank required field only after a submit was tried
          const found = problems[f.key]
          const p = found && (showProblems || !/^required$|Required$/.test(found)) ? found : undefined
          const row = (control: JSX.Element) => (
            <FieldRow key={f.key} name={`${scope}-${f.key}`} label={label} required={f.required} problem={p ? t(problemKey(p)) : undefined}>
              {control}
            </FieldRow>
          )
          switch (f.key) {
            case 'surnameGiven':
              return row(
                <View className='reg-pair'>
                  <TextInput
                    name={`${scope}-surname`}
                    value={values.surname}
                    onChange={set('surname')}
                    placeholder={t('register.field.surname')}
                    label={t('register.field.surname')}
                  />
                  <TextInput
                    name={`${scope}-givenName`}
                    value={values.givenName}
                    onChange={set('givenName')}
                    placeholder={t('register.field.givenName')}
                    label={t('register.field.givenName')}
                  />
                </View>,
              )
            case 'sex':
              return row(
                <ChoiceButtons
                  name={`${scope}-sex`}
                  value={values.sex}
                  options={[
                    { value: 'mr', label: t('register.sex.mr') },
                    { value: 'ms', label: t('register.sex.ms') },
                  ]}
                  onChange={set('sex')}
                />,
              )
            case 'isAttend':
              return row(
                <ChoiceButtons
                  name={`${scope}-isAttend`}
                  value={values.isAttend}
                  options={[
                    { value: 'attend', label: t('register.attend.attend') },
                    { value: 'absent', label: t('register.attend.absent') },
                  ]}
                  onChange={set('isAttend')}
                />,
              )
            case 'phone':
            case 'landline':
            case 'fax':
              return row(
                <PhoneInput name={`${scope}-${f.key}`} value={values[f.key]} countryCodes={options.countryCodes} onChange={set(f.key)} label={label} />,
              )
            case 'region':
              return row(<RegionInput value={values.region} nations={options.nations} onChange={set('region')} />)
            case 'personalPosition':
              return row(
                <ListPicker
                  name={`${scope}-personalPosition`}
                  value={values.personalPosition}
                  options={options.lists.personalPosition ?? []}
                  onChange={set('personalPosition')}
                  label={label}
                />,
              )
            case 'idDocument':
              return row(
                <View className='reg-pair'>
                  <ListPicker
                    name={`${scope}-idType`}
                    value={values.idType}
                    options={options.documentTypes}
                    onChange={set('idType')}
                    placeholder={t('register.placeholder.idType')}
                    label={t('register.placeholder.idType')}
                  />
                  <TextInput
                    name={`${scope}-idNumber`}
                    value={values.idNumber}
                    onChange={set('idNumber')}
                    type='idcard'
                    maxlength={40}
                    placeholder={t('register.placeholder.idNumber')}
                    label={t('register.placeholder.idNumber')}
                  />
                </View>,
              )
            case 'certificate':
              return row(
                <View className='reg-pair'>
                  <ListPicker
                    name={`${scope}-certificateType`}
                    value={values.certificateType}
                    options={options.lists.certificateType ?? []}
                    onChange={set('certificateType')}
                    placeholder={t('register.placeholder.certificateType')}
                    label={t('register.placeholder.certificateType')}
                  />
                  <TextInput
                    name={`${scope}-certificateNumber`}
                    value={values.certificateNumber}
                    onChange={set('certificateNumber')}
                    maxlength={64}
                    placeholder={t('register.placeholder.certificateNumber')}
                    label={t('register.placeholder.certificateNumber')}
                  />
                </View>,
              )
            case 'photo':
            case 'attachment':
              return upload && f.upload
                ? row(
                    <UploadInput
                      field={f.key}
                      rule={f.upload}
                      eventCode={upload.eventCode}
                      contactType={upload.contactType}
                      draftId={upload.draftId}
                      value={values[f.key]}
                      fileName={upload.fileNames[f.key]}
                      label={label}
                      onUploaded={(code, name) => upload.onUploaded(f.key as UploadField, code, name)}
                    />,
                  )
                : null
            case 'mobile':
            case 'spareMobile':
              return row(text(f.key, label, { type: 'number', maxlength: 11 }))
            case 'postcode':
              return row(text('postcode', label, { type: 'number', maxlength: 6 }))
            case 'qq':
              return row(text('qq', label, { type: 'number', maxlength: 12 }))
            default:
              return row(text(f.key as keyof FormValues, label))
          }
        })}
    </View>
  )
}
