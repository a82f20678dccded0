/** Create an event (platform administrator) or see and edit one (by role), with the server's refusal shown in the user's language. */
import { useEffect, useRef, useState } from 'react'
import { App, Button, Form, Space, Spin, Typography } from 'antd'
import type { AdminEvent, EventSettings } from '@contracts/admin/events'
import { useT } from '../lib/i18n'
import { useMay } from '../lib/roles'
import { navigate } from '../lib/router'
import { ErrorNotice } from '../lib/ErrorNotice'
import { useBusy } from '../lib/useBusy'
import { StatusTag } from './StatusTag'
import { EventFields } from './EventFields'
import { fetchEvent, saveEvent, saveNewEvent } from './api'

const NEW_EVENT: EventSettings = {
  eventCode: '',
  eventHashCode: '',
  titleZh: '',
  titleEn: '',
  venueZh: '',
  venueEn: '',
  startTime: '',
  endTime: '',
  timeZone: 'Asia/Shanghai',
  loginModes: ['mobile', 'account'],
  loginExtraFields: [],
  permissionType: 1,
  someUserTypes: [],
  shareTitle: '',
  shareSubTitle: '',
  sharePic: '',
  micrositeEnabled: null,
}

const settingsOf = (e: AdminEvent): EventSettings => {
  const { published: _p, myRole: _r, updatedAt: _u, ...settings } = e
  return settings
}

export function EventFormPage({ eventCode }: { eventCode?: string }) {
  const t = useT()
  const may = useMay()
  const { message } = App.useApp()
  const [form] = Form.useForm<EventSettings>()
  const [event, setEvent] = useState<AdminEvent | null>(null)
  const { busy, error, setError, run } = useBusy()
  const errorRef = useRef<HTMLDivElement>(null)
  // the form is long: a refusal is brought into view
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'center' })
  }, [error])

  useEffect(() => {
    setEvent(null)
    setError(null)
    if (!eventCode) {
      form.setFieldsValue(NEW_EVENT)
      return
    }
    fetchEvent(eventCode).then(
      (e) => {
        setEvent(e)
        form.setFieldsValue(settingsOf(e))
      },
      (e: Error) => setError(e.message),
    )
  }, [eventCode, form, setError])

  const editable = !eventCode || (event !== null && may(event.myRole, 'event.edit'))
  const save = async (values: EventSettings) => {
    const settings: EventSettings = { ...NEW_EVENT, ...values, micrositeEnabled: event?.micrositeEnabled === null || !event ? null : !!values.micrositeEnabled }
    await run(async () => {
      const saved = eventCode ? await saveEvent(eventCode, settings) : await saveNewEvent(settings)
      message.success(t('common.saved'))
      setEvent(saved)
      form.setFieldsValue(settingsOf(saved))
      if (saved.eventCode !== eventCode) navigate(`/events/${encodeURIComponent(saved.eventCode)}`, { replace: true })
    })
  }

  if (eventCode && !event && !error) return <Spin tip={t('common.loading')} />
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {eventCode ? t('form.editTitle', { code: event?.eventCode ?? eventCode }) : t('form.createTitle')}
        </Typography.Title>
        {event && <StatusTag published={event.published} />}
      </Space>
      <div ref={errorRef}>
        <ErrorNotice message={error} />
      </div>
      {(!eventCode || event) && (
        <Form<EventSettings> form={form} layout='vertical' onFinish={save} disabled={!editable} scrollToFirstError={{ block: 'center', focus: true }}>
          <EventFields hasMicrosite={event?.micrositeEnabled !== null && event !== null} />
          <Space>
            {editable && (
              <Button type='primary' htmlType='submit' loading={busy}>
                {t('common.save')}
              </Button>
            )}
            <Button htmlType='button' disabled={false} onClick={() => navigate('/events')}>
              {t('common.back')}
            </Button>
          </Space>
        </Form>
      )}
    </>
  )
}
