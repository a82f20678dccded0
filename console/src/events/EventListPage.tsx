/** The events the person manages (every event for the platform administrator), with what they may do to each. */
import { App, Button, Popconfirm, Space, Table, Typography } from 'antd'
import type { AdminEventSummary } from '@contracts/admin/events'
import { useT } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { useMay } from '../lib/roles'
import { useConsole } from '../lib/store'
import { Link } from '../lib/Link'
import { navigate } from '../lib/router'
import { ErrorNotice } from '../lib/ErrorNotice'
import { StatusTag } from './StatusTag'
import { EVENT_SECTIONS, sectionHref } from '../app/event-sections'
import { fetchEvents, setPublished } from './api'

export function EventListPage() {
  const t = useT()
  const { message } = App.useApp()
  const lang = useConsole((s) => s.lang)
  const platformAdmin = useConsole((s) => !!s.profile?.platformAdmin)
  const may = useMay()
  const { data, error, loading, reload } = useLoad(fetchEvents, [])

  const togglePublished = async (e: AdminEventSummary) => {
    try {
      await setPublished(e.eventCode, !e.published)
      message.success(t('common.saved'))
      reload()
    } catch (err) {
      message.error(err instanceof Error ? err.message : String(err))
    }
  }

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('events.title')}
        </Typography.Title>
        {platformAdmin && (
          <Button type='primary' onClick={() => navigate('/events/new')}>
            {t('events.new')}
          </Button>
        )}
      </Space>
      <ErrorNotice message={error} />
      <Table<AdminEventSummary>
        rowKey='eventCode'
        loading={loading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('events.empty') }}
        columns={[
          { title: t('events.col.code'), dataIndex: 'eventCode' },
          { title: t('events.col.title'), render: (_, e) => (lang === 'en' ? e.titleEn : e.titleZh) },
          { title: t('events.col.dates'), render: (_, e) => `${e.startTime.replace('T', ' ')} – ${e.endTime.replace('T', ' ')} (${e.timeZone})` },
          {
            title: t('events.col.status'),
            render: (_, e) => <StatusTag published={e.published} />,
          },
          { title: t('events.col.role'), render: (_, e) => (e.myRole ? t(`role.${e.myRole}`) : t('events.platformAdmin')) },
          {
            title: t('events.col.actions'),
            render: (_, e) => (
              <Space wrap>
                <Link to={`/events/${encodeURIComponent(e.eventCode)}`}>{may(e.myRole, 'event.edit') ? t('events.edit') : t('events.view')}</Link>
                {EVENT_SECTIONS.filter((section) => section.path && may(e.myRole, section.action)).map((section) => (
                  <Link key={section.path} to={sectionHref(e.eventCode, section)}>
                    {t(section.label)}
                  </Link>
                ))}
                {may(e.myRole, 'audit.read') && <Link to={`/audit?event=${encodeURIComponent(e.eventCode)}`}>{t('nav.audit')}</Link>}
                <a href={`/?ehc=${encodeURIComponent(e.eventHashCode)}&ec=${encodeURIComponent(e.eventCode)}`} target='_blank' rel='noreferrer'>
                  {t('events.attendeeLink')}
                </a>
                {may(e.myRole, 'event.publish') && (
                  <Popconfirm title={e.published ? t('events.closeConfirm') : t('events.publishConfirm')} onConfirm={() => togglePublished(e)}>
                    <Button size='small' danger={e.published}>
                      {e.published ? t('events.close') : t('events.publish')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  )
}
