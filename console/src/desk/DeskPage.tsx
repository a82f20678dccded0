/**
 * The check-in desk (/admin/events/<code>/desk), for staff phones at the doors: the point, a large
 * field a hardware scanner types into (Enter checks in), the camera, a search by name or mobile,
 * and the answer in large type. Works offline from the downloaded list (useDesk.ts).
 */
import { useCallback, useRef, useState, type FormEvent } from 'react'
import { Alert, Button, Input, List, Select, Space, Spin, Typography, type InputRef } from 'antd'
import type { DeskAttendee } from '@contracts/admin/desk'
import { useT } from '../lib/i18n'
import { useConsole } from '../lib/store'
import { ErrorNotice } from '../lib/ErrorNotice'
import { useDesk } from './useDesk'
import { AnswerCard } from './AnswerCard'
import { CameraDialog } from './CameraDialog'
import { searchAttendees } from './desk-answer'
import { pointName, timeOf } from './desk-format'

const pointKey = (eventCode: string) => `console.desk.point.${eventCode}`

export function DeskPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const desk = useDesk(eventCode)
  const deskScan = desk.scan
  const [point, setPoint] = useState(() => localStorage.getItem(pointKey(eventCode)) ?? '')
  const [code, setCode] = useState('')
  const [query, setQuery] = useState('')
  const [camera, setCamera] = useState(false)
  const field = useRef<InputRef>(null)
  const s = desk.snapshot
  const chosen = s?.points.some((p) => p.pointCode === point) ? point : (s?.points[0]?.pointCode ?? '')

  const choose = (p: string) => {
    setPoint(p)
    localStorage.setItem(pointKey(eventCode), p)
  }
  const checkIn = useCallback(
    (text: string) => {
      if (!text.trim() || !chosen) return
      void deskScan(text, chosen)
      setCode('')
      setQuery('')
      field.current?.focus()
    },
    [deskScan, chosen],
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    checkIn(code)
  }
  const onRead = useCallback(
    (text: string) => {
      setCamera(false)
      checkIn(text)
    },
    [checkIn],
  )

  if (!s)
    return desk.error ? (
      <ErrorNotice message={desk.error} />
    ) : desk.online ? (
      <Spin tip={t('common.loading')} />
    ) : (
      <Alert type='warning' message={t('desk.noSnapshot')} />
    )
  const found: DeskAttendee[] = searchAttendees(s, query)
  return (
    <Space direction='vertical' size='middle' style={{ width: '100%', maxWidth: 560 }}>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        {t('desk.title', { code: eventCode })}
      </Typography.Title>
      {!desk.online && <Alert type='warning' showIcon message={t('desk.offline', { time: timeOf(s.takenAt, s.timeZone) })} data-testid='desk-offline' />}
      <ErrorNotice message={desk.error} />
      {desk.notices.length > 0 && (
        <Alert
          type='warning'
          message={t('desk.noticeTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid='desk-notices'>
              {desk.notices.map((n) => (
                <li key={n.id}>
                  {t('desk.notice', { name: n.name, time: timeOf(n.checkin.at, s.timeZone), point: pointName(s, n.checkin.pointCode, lang, t) })}{' '}
                  <Button size='small' onClick={() => desk.dismiss(n.id)}>
                    {t('desk.dismiss')}
                  </Button>
                </li>
              ))}
            </ul>
          }
        />
      )}
      <label style={{ display: 'block' }}>
        <span style={{ display: 'block', fontWeight: 600 }}>{t('desk.point')}</span>
        <Select
          value={chosen}
          onChange={choose}
          style={{ width: '100%' }}
          size='large'
          aria-label={t('desk.point')}
          options={s.points.map((p) => ({ value: p.pointCode, label: lang === 'en' ? p.nameEn : p.nameZh }))}
        />
      </label>
      <form onSubmit={submit}>
        <label htmlFor='desk-code' style={{ display: 'block', fontWeight: 600 }}>
          {t('desk.code')}
        </label>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id='desk-code'
            ref={field}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            size='large'
            style={{ fontSize: 22 }}
            autoComplete='off'
            autoCapitalize='characters'
            autoFocus
            aria-describedby='desk-code-help'
          />
          <Button type='primary' htmlType='submit' size='large'>
            {t('desk.submit')}
          </Button>
        </Space.Compact>
        <Typography.Text type='secondary' id='desk-code-help'>
          {t('desk.codeHelp')}
        </Typography.Text>
      </form>
      <Button size='large' block onClick={() => setCamera(true)}>
        {t('desk.camera')}
      </Button>
      {desk.answer && <AnswerCard answer={desk.answer} snapshot={s} eventCode={eventCode} />}
      <Input.Search
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('desk.search')}
        aria-label={t('desk.search')}
        size='large'
        allowClear
      />
      {query.trim() && (
        <List
          bordered
          dataSource={found}
          locale={{ emptyText: t('desk.searchNone') }}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button key='in' onClick={() => checkIn(a.userCode)} aria-label={`${t('desk.submit')} ${a.name}`}>
                  {t('desk.submit')}
                </Button>,
              ]}
            >
              <List.Item.Meta title={a.name} description={[lang === 'en' ? a.typeEn : a.typeZh, a.company, a.mobile].filter(Boolean).join(' · ')} />
            </List.Item>
          )}
        />
      )}
      <Typography.Paragraph type='secondary' style={{ margin: 0 }} data-testid='desk-status'>
        <span data-testid='desk-queued' data-count={desk.queued}>
          {t('desk.queued', { n: desk.queued })}
        </span>
        {' · '}
        {t('desk.snapshotAt', { time: timeOf(s.takenAt, s.timeZone) })}{' '}
        <Button type='link' onClick={() => void desk.refresh().catch(() => undefined)} disabled={!desk.online}>
          {t('desk.refresh')}
        </Button>
      </Typography.Paragraph>
      <CameraDialog open={camera} onRead={onRead} onClose={() => setCamera(false)} />
    </Space>
  )
}
