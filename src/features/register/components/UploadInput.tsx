import { Progress, Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { UploadField, UploadRule } from '@contracts/register-form'
import { toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { pickFile, uploadBytes } from '@/lib/upload'
import { fitPhoto } from '@/lib/image/fit-photo'
import { localFileProblem, uploadLimits } from '../model/form'
import { ProblemText } from './FieldRow'
import { pressable } from '@/ui/pressable'

interface Props {
  field: UploadField
  rule: UploadRule
  eventCode: string
  contactType: string
  draftId: string
  /** the file code in the form, and its name */
  value?: string
  fileName?: string
  label: string
  onUploaded: (fileCode: string, name: string) => void
}

/** one file per field (spec §5): pick, check, upload with a progress bar; a new pick replaces the old one */
export function UploadInput({ field, rule, eventCode, contactType, draftId, value, fileName, label, onUploaded }: Props) {
  const { t } = useI18n()
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState('')

  const choose = async () => {
    if (progress !== null) return toast(t('register.upload.onlyOne'))
    const chosen = await pickFile(field === 'photo' ? 'image' : 'file', rule.formats)
    if (!chosen) return
    // a phone photo is scaled down on the device until it fits the rule's size
    const picked = field === 'photo' ? await fitPhoto(chosen, rule) : chosen
    const local = localFileProblem(rule, picked.name, picked.size)
    if (local) {
      // the message names the field: "照片大小不能超过 2MB", not the attachment's words for a photo
      setProblem(t(local.key, { ...local.params, field: label }))
      return
    }
    setProblem('')
    setProgress(0)
    const r = await uploadBytes(picked, { eventCode, field, contactType, tag: field, draftId }, setProgress)
    setProgress(null)
    if (!r.code) {
      setProblem(r.message)
      toast(t('register.upload.failure'))
      return
    }
    onUploaded(r.file.fileCode, r.file.name)
    toast(t('register.upload.success'))
  }

  return (
    <View className={`reg-upload reg-upload--${field}`}>
      <View
        className='reg-upload__button'
        {...pressable(choose, {
          label: `${label}: ${value ? t('register.upload.replace') : t(field === 'photo' ? 'register.upload.chooseImage' : 'register.upload.choose')}`,
        })}
      >
        {value ? t('register.upload.replace') : t(field === 'photo' ? 'register.upload.chooseImage' : 'register.upload.choose')}
      </View>
      {value && fileName ? <Text className='reg-upload__name'>✓ {fileName}</Text> : null}
      <Text className='reg-upload__limits'>{t('register.upload.limits', uploadLimits(rule))}</Text>
      {progress !== null && (
        <View
          className='reg-upload__progress'
          role='progressbar'
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t('register.upload.progress')}
        >
          <Progress percent={progress} strokeWidth={4} activeColor='#1677ff' />
          <Text>{t('register.upload.uploading', { p: progress })}</Text>
        </View>
      )}
      <ProblemText text={problem} />
    </View>
  )
}
