import { Text, Textarea, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useRef, useState } from 'react'
import { FEEDBACK_CATEGORIES, type FeedbackCategory } from '@contracts/calls/eventday'
import { useI18n } from '../i18n'
import { toast } from '@/lib/feedback'
import { TextField } from '@/ui/TextField'
import { sendFeedback } from '../api'
import { newIdempotencyKey } from '../model/checkin'
import { FEEDBACK_MAX, feedbackProblem } from '../model/feedback'
import { pressable } from '@/ui/pressable'
import './eventday.scss'

/**
 * Feedback: what was typed stays on screen after any error; one key per intent, reused when the
 * same text is sent again after a failure, so a retry never saves it twice.
 */
export function FeedbackForm() {
  const { t } = useI18n()
  const [category, setCategory] = useState<FeedbackCategory>('suggestion')
  const [content, setContent] = useState('')
  const [contact, setContact] = useState('')
  const [sending, setSending] = useState(false)
  const intent = useRef<{ key: string; body: string } | null>(null)

  const submit = async () => {
    const problem = feedbackProblem(content, contact)
    if (problem) {
      toast(t(`eventday.feedback.${problem}`, { max: FEEDBACK_MAX }))
      return
    }
    const body = { category, content: content.trim(), contact: contact.trim() || undefined }
    const bodyKey = JSON.stringify(body)
    if (!intent.current || intent.current.body !== bodyKey) intent.current = { key: newIdempotencyKey(), body: bodyKey }
    setSending(true)
    try {
      await sendFeedback({ ...body, idempotencyKey: intent.current.key })
      toast(t('eventday.feedback.success'))
      intent.current = null
      setContent('')
      setContact('')
    } catch {
      // shown by the request client; the text stays for another try
    } finally {
      setSending(false)
    }
  }

  return (
    <View className='ed-card feedback-form'>
      <Text className='ed-label'>{t('eventday.feedback.category')}</Text>
      <View className='feedback-form__categories' role='radiogroup'>
        {FEEDBACK_CATEGORIES.map((c) => (
          <View
            key={c}
            className={`ed-chip ${c === category ? 'ed-chip--on' : ''}`}
            {...pressable(() => setCategory(c), { role: 'radio', checked: c === category })}
          >
            {t(`eventday.feedback.categories.${c}`)}
          </View>
        ))}
      </View>
      <Text className='ed-label'>{t('eventday.feedback.content')}</Text>
      <Textarea
        className='feedback-form__content'
        value={content}
        maxlength={-1}
        placeholder={t('eventday.feedback.contentPlaceholder')}
        onInput={(e) => setContent(e.detail.value)}
      />
      <Text className={`feedback-form__count ${Array.from(content.trim()).length > FEEDBACK_MAX ? 'feedback-form__count--over' : ''}`}>
        {t('eventday.feedback.count', { n: Array.from(content.trim()).length, max: FEEDBACK_MAX })}
      </Text>
      <TextField
        name='feedback-contact'
        label={t('eventday.feedback.contact')}
        value={contact}
        placeholder={t('eventday.feedback.contactPlaceholder')}
        onChange={setContact}
      />
      <Button type='primary' className='feedback-form__submit' disabled={sending} onClick={() => void submit()}>
        {t('eventday.feedback.submit')}
      </Button>
    </View>
  )
}
