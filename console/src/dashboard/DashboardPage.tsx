/**
 * An event's live dashboard ('dashboard.read'): the counts as cards, by attendee type and by
 * check-in point as tables, and the arrivals per bucket of the event's clock as bars. It asks again
 * every DASHBOARD_RULES.refreshMs while the tab is visible and says when it last did.
 */
import { Card, Col, Empty, Row, Space, Statistic, Table, Typography } from 'antd'
import type { DashboardPointRow, DashboardTypeRow } from '@contracts/admin/dashboard'
import { DASHBOARD_RULES } from '@contracts/admin/dashboard-rules'
import { useT } from '../lib/i18n'
import { useConsole } from '../lib/store'
import { ErrorNotice } from '../lib/ErrorNotice'
import { fetchDashboard } from './api'
import { useLiveLoad } from './useLiveLoad'
import { ArrivalsChart } from './ArrivalsChart'

export function DashboardPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const { data, error, loadedAt } = useLiveLoad(() => fetchDashboard(eventCode), DASHBOARD_RULES.refreshMs, [eventCode])
  const name = (zh: string, en: string) => (lang === 'en' ? en || zh : zh)
  const totals = data?.totals
  const rate = totals && totals.approved > 0 ? Math.round((totals.checkedIn / totals.approved) * 100) : 0
  const counts = [
    { title: t('dashboard.registered'), dataIndex: 'registered', align: 'right' as const },
    { title: t('dashboard.approved'), dataIndex: 'approved', align: 'right' as const },
    { title: t('dashboard.checkedIn'), dataIndex: 'checkedIn', align: 'right' as const },
  ]

  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('dashboard.title', { code: eventCode })}
      </Typography.Title>
      <Typography.Text type='secondary' role='status' data-testid='dashboard-updated'>
        {loadedAt
          ? t('dashboard.updatedAt', { time: loadedAt.toLocaleTimeString(lang === 'en' ? 'en-GB' : 'zh-CN'), seconds: DASHBOARD_RULES.refreshMs / 1000 })
          : t('common.loading')}
      </Typography.Text>
      <ErrorNotice message={error} />
      <Row gutter={[16, 16]}>
        {[
          { key: 'registered', title: t('dashboard.registered'), value: totals?.registered ?? 0 },
          { key: 'approved', title: t('dashboard.approved'), value: totals?.approved ?? 0 },
          { key: 'checkedIn', title: t('dashboard.checkedIn'), value: totals?.checkedIn ?? 0 },
          { key: 'rate', title: t('dashboard.rate'), value: rate, suffix: '%' },
        ].map((c) => (
          <Col key={c.key} xs={12} md={6}>
            <Card size='small' data-testid={`dashboard-${c.key}`}>
              <Statistic title={c.title} value={c.value} suffix={c.suffix} loading={!data} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t('dashboard.byType')}
          </Typography.Title>
          <Table<DashboardTypeRow>
            size='small'
            rowKey='userType'
            pagination={false}
            loading={!data}
            dataSource={data?.byType ?? []}
            columns={[{ title: t('dashboard.col.type'), render: (_, r) => name(r.typeZh, r.typeEn) }, ...counts]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t('dashboard.byPoint')}
          </Typography.Title>
          <Table<DashboardPointRow>
            size='small'
            rowKey={(r) => r.pointCode ?? ''}
            pagination={false}
            loading={!data}
            dataSource={data?.byPoint ?? []}
            columns={[
              { title: t('dashboard.col.point'), render: (_, r) => (r.pointCode === null ? t('dashboard.atDesk') : name(r.nameZh, r.nameEn)) },
              counts[2],
            ]}
          />
        </Col>
      </Row>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('dashboard.arrivals', { minutes: data?.bucketMinutes ?? DASHBOARD_RULES.bucketMinutes, zone: data?.timeZone ?? '' })}
      </Typography.Title>
      {data && data.arrivals.length === 0 && <Empty description={t('dashboard.noArrivals')} />}
      {data?.arrivals.map((day) => (
        <ArrivalsChart key={day.day} day={day} bucketMinutes={data.bucketMinutes} />
      ))}
    </Space>
  )
}
