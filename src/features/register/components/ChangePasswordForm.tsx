import { View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import { toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { goBack } from '@/lib/router/navigate'
import { TextField } from '@/ui/TextField'
import { submitPasswordChange } from '../api/register'
import { passwordProblem } from '../model/form'
import { ProblemText } from './FieldRow'
import './RegistrationForm.scss'

/** /changePwd: the old password (checked and throttled by the server like a login) and the new one twice */
export function ChangePasswordForm() {
  const { t } = useI18n()
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirm: '' })
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }))

  const submit = async () => {
    const p = passwordProblem(form.oldPassword, form.newPassword, form.confirm)
    setProblem(p ? t(p) : '')
    if (p || busy) return
    setBusy(true)
    try {
      await submitPasswordChange({ oldPassword: form.oldPassword, newPassword: form.newPassword })
      toast(t('register.password.done'))
      setForm({ oldPassword: '', newPassword: '', confirm: '' })
      setTimeout(() => goBack('home'), 800)
    } catch {
      // the request client has shown the server's reason (old password wrong, too many tries …)
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className='reg-form reg-password'>
      <TextField
        name='oldPassword'
        label={t('register.password.old')}
        value={form.oldPassword}
        placeholder={t('register.password.oldPlaceholder')}
        onChange={set('oldPassword')}
        password
        maxlength={64}
      />
      <TextField
        name='newPassword'
        label={t('register.password.new')}
        value={form.newPassword}
        placeholder={t('register.password.newPlaceholder')}
        onChange={set('newPassword')}
        password
        maxlength={64}
      />
      <TextField
        name='confirmPassword'
        label={t('register.password.confirm')}
        value={form.confirm}
        placeholder={t('register.password.confirmPlaceholder')}
        onChange={set('confirm')}
        password
        maxlength={64}
      />
      <ProblemText text={problem} />
      <Button type='primary' className='reg-form__submit' loading={busy} onClick={submit}>
        {t('register.password.submit')}
      </Button>
    </View>
  )
}
