/** The person's own account: password and authenticator. */
import { Space, Typography } from 'antd'
import { useT } from '../lib/i18n'
import { PasswordCard } from './PasswordCard'
import { TotpCard } from './TotpCard'

export function AccountPage() {
  const t = useT()
  return (
    <Space direction='vertical' size='large' style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('account.title')}
      </Typography.Title>
      <PasswordCard />
      <TotpCard />
    </Space>
  )
}
