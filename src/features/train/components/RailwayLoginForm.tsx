import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import { toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { navigateTo } from '@/lib/router/navigate'
import { TextField } from '@/ui/TextField'
import { railwayLogin } from '../api/railway-login'
import { emptyRailwayLogin, validateRailwayLogin, type RailwayLoginForm as Form } from '../model/railwayLogin'
import { AgreeCheck } from './AgreeCheck'
import './RailwayLoginForm.scss'

/** trainTicketLogin: the railway account, its password and the authorisation agreement (spec §5) */
export function RailwayLoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useI18n()
  const [form, setForm] = useState<Form>(emptyRailwayLogin)
  const [busy, setBusy] = useState(false)
  const set =
    <K extends keyof Form>(k: K) =>
    (v: Form[K]) =>
      setForm((f) => ({ ...f, [k]: v }))

  const submit = async () => {
    const problem = validateRailwayLogin(form)
    if (problem) return toast(t(problem))
    if (busy) return
    setBusy(true)
    try {
      await railwayLogin({ account: form.account.trim(), password: form.password, agreed: form.agreed })
      toast(t('train.login.success'))
      onDone()
    } catch (e) {
      // told by the request client (wrong password, railway not answering); what was typed stays
      if (!(e instanceof RequestError)) throw e
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className='railway-login'>
      <View className='railway-login__logo'>12306</View>
      <Text className='railway-login__intro'>{t('train.login.intro')}</Text>
      <View className='railway-login__card'>
        <TextField
          name='railwayAccount'
          label={t('train.login.account')}
          value={form.account}
          placeholder={t('train.login.accountPlaceholder')}
          onChange={set('account')}
          maxlength={50}
        />
        <TextField
          name='railwayPassword'
          label={t('train.login.password')}
          value={form.password}
          placeholder={t('train.login.passwordPlaceholder')}
          onChange={set('password')}
          password
          maxlength={64}
        />
        <View className='railway-login__agree'>
          <AgreeCheck
            name='railway'
            checked={form.agreed}
            onChange={set('agreed')}
            prefix={t('train.login.agreePrefix')}
            links={[{ label: t('train.login.agreement'), onClick: () => void navigateTo('trainLoginAgreement') }]}
          />
        </View>
        <Button type='primary' className='railway-login__submit' loading={busy} onClick={submit}>
          {t('train.login.submit')}
        </Button>
      </View>
    </View>
  )
}
