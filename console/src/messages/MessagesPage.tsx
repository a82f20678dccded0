/** An event's messages section: the message log of everything sent to its attendees. */
import { Space, Typography } from 'antd'
import { useT } from '../lib/i18n'
import { MessageLog } from './MessageLog'

export function MessagesPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  return (
    <Space direction='vertical' size='large' style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('messages.title', { code: eventCode })}
      </Typography.Title>
      <MessageLog eventCode={eventCode} />
    </Space>
  )
}
