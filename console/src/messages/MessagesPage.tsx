/** An event's messages section: notices to attendees ('messages.send') and the log of everything sent to them. */
import { useState } from 'react'
import { App, Button, Space, Typography } from 'antd'
import { useT } from '../lib/i18n'
import { useMay } from '../lib/roles'
import { useEventRole } from '../lib/eventRole'
import { MessageLog } from './MessageLog'
import { NoticeDrawer } from './NoticeDrawer'

export function MessagesPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const { message } = App.useApp()
  const maySend = useMay()(useEventRole(eventCode), 'messages.send')
  const [composing, setComposing] = useState(false)
  // bumped after a notice is sent: the log loads again and shows its messages
  const [sent, setSent] = useState(0)
  return (
    <Space direction='vertical' size='large' style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('messages.title', { code: eventCode })}
        </Typography.Title>
        {maySend && (
          <Button type='primary' onClick={() => setComposing(true)}>
            {t('notice.open')}
          </Button>
        )}
      </Space>
      <MessageLog eventCode={eventCode} version={sent} />
      {composing && (
        <NoticeDrawer
          eventCode={eventCode}
          onClose={() => setComposing(false)}
          onSent={(queued) => {
            setComposing(false)
            message.success(t('notice.queued', { count: queued }))
            setSent((n) => n + 1)
          }}
        />
      )}
    </Space>
  )
}
