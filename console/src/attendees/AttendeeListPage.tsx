/**
 * An event's attendees: search, filters and paging on the server, the filters in the address (a
 * reload or a shared link keeps them); adding, editing, disabling and enabling for 'attendee.edit'.
 */
import { useState } from 'react'
import { App, Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd'
import type { AttendeeListItem } from '@contracts/admin/attendees'
import { useT } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { useMay } from '../lib/roles'
import { useEventRole } from '../lib/eventRole'
import { useConsole } from '../lib/store'
import { useQueryState } from '../lib/useQueryState'
import { ExportButtons } from '../attendee-io/ExportButtons'
import { BadgeButton } from '../badges/BadgeButton'
import { ErrorNotice } from '../lib/ErrorNotice'
import { TAG_STYLES } from '../lib/readableTags'
import { ReviewStatusTag } from '../review/ReviewStatusTag'
import { fetchAttendees, fetchAttendeeTypes, setDisabled } from './api'
import { addressPagination } from '../lib/addressPaging'
import { CHECKINS, DISABLED, STATUSES, badgeFilterOf, filtersOf } from './filters'
import { AttendeeDrawer } from './AttendeeDrawer'

export function AttendeeListPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const { message } = App.useApp()
  const lang = useConsole((s) => s.lang)
  const may = useMay()
  const role = useEventRole(eventCode)
  const mayEdit = may(role, 'attendee.edit')
  const [query, setQuery] = useQueryState()
  const filters = filtersOf(eventCode, query)
  const list = useLoad(() => fetchAttendees(filters), [eventCode, query.toString()])
  const types = useLoad(() => fetchAttendeeTypes(eventCode), [eventCode])
  // the attendee being edited; 'new' adds one
  const [editing, setEditing] = useState<AttendeeListItem | 'new' | null>(null)
  const typeName = (a: { typeZh: string; typeEn: string }) => (lang === 'en' ? a.typeEn : a.typeZh)

  const toggle = async (a: AttendeeListItem) => {
    try {
      await setDisabled(eventCode, a.userCode, !a.disabled)
      message.success(a.disabled ? t('attendees.enabled') : t('attendees.disabledDone'))
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e))
    }
    list.reload()
  }

  // a filter changed: back to the first page
  const filter = (changes: Record<string, string | null>) => setQuery({ ...changes, page: null })
  const allOption = { value: '', label: t('attendees.all') }

  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('attendees.title', { code: eventCode })}
      </Typography.Title>
      <Space wrap role='search' aria-label={t('attendees.searchArea')}>
        <Input.Search
          key={filters.keyword}
          defaultValue={filters.keyword}
          allowClear
          placeholder={t('attendees.searchPlaceholder')}
          aria-label={t('attendees.search')}
          enterButton={t('attendees.search')}
          style={{ width: 320 }}
          onSearch={(v) => filter({ q: v.trim() || null })}
        />
        <Select
          aria-label={t('attendees.col.type')}
          value={filters.userType}
          style={{ minWidth: 140 }}
          onChange={(v) => filter({ type: v || null })}
          options={[
            allOption,
            ...(types.data ?? []).map((ty) => ({ value: ty.code, label: typeName({ typeZh: ty.labelZh, typeEn: ty.labelEn || ty.labelZh }) })),
          ]}
          prefix={`${t('attendees.col.type')}:`}
        />
        <Select
          aria-label={t('attendees.col.status')}
          value={filters.status}
          style={{ minWidth: 140 }}
          onChange={(v) => filter({ status: v || null })}
          options={[allOption, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          prefix={`${t('attendees.col.status')}:`}
        />
        <Select
          aria-label={t('attendees.col.checkin')}
          value={filters.checkin}
          style={{ minWidth: 140 }}
          onChange={(v) => filter({ checkin: v === 'all' ? null : v })}
          options={CHECKINS.map((c) => ({ value: c, label: t(`attendees.checkin.${c}`) }))}
          prefix={`${t('attendees.col.checkin')}:`}
        />
        <Select
          aria-label={t('attendees.col.access')}
          value={filters.disabled}
          style={{ minWidth: 140 }}
          onChange={(v) => filter({ disabled: v === 'all' ? null : v })}
          options={DISABLED.map((d) => ({ value: d, label: t(`attendees.access.${d}`) }))}
          prefix={`${t('attendees.col.access')}:`}
        />
        <ExportButtons eventCode={eventCode} filters={filters} />
        {may(role, 'badge.print') && <BadgeButton filter={badgeFilterOf(filters)} />}
        {mayEdit && (
          <Button type='primary' onClick={() => setEditing('new')}>
            {t('attendees.add')}
          </Button>
        )}
      </Space>
      <ErrorNotice message={list.error} />
      <Table<AttendeeListItem>
        rowKey='userCode'
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('attendees.empty') }}
        pagination={addressPagination({ ...filters, total: list.data?.total ?? 0, showTotal: (total) => t('attendees.total', { total }), setQuery })}
        columns={[
          {
            title: t('attendees.col.name'),
            render: (_, a) => (
              <Space size={4} wrap>
                {a.name}
                {a.disabled && <Tag style={TAG_STYLES.error}>{t('attendees.access.disabled')}</Tag>}
              </Space>
            ),
          },
          { title: t('attendees.col.mobile'), dataIndex: 'mobile' },
          { title: t('attendees.col.email'), dataIndex: 'email' },
          { title: t('attendees.col.company'), dataIndex: 'company' },
          { title: t('attendees.col.type'), render: (_, a) => typeName(a) },
          { title: t('attendees.col.status'), render: (_, a) => <ReviewStatusTag status={a.status} /> },
          {
            title: t('attendees.col.checkin'),
            render: (_, a) => (a.checkedInAt ? new Date(a.checkedInAt).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN') : t('attendees.checkin.out')),
          },
          ...(mayEdit
            ? [
                {
                  title: t('events.col.actions'),
                  render: (_: unknown, a: AttendeeListItem) => (
                    <Space wrap>
                      <Button size='small' onClick={() => setEditing(a)} aria-label={`${t('attendees.edit')}: ${a.name}`}>
                        {t('attendees.edit')}
                      </Button>
                      <Popconfirm
                        title={a.disabled ? t('attendees.enableConfirm', { name: a.name }) : t('attendees.disableConfirm', { name: a.name })}
                        onConfirm={() => toggle(a)}
                      >
                        <Button size='small' danger={!a.disabled} aria-label={`${a.disabled ? t('attendees.enable') : t('attendees.disable')}: ${a.name}`}>
                          {a.disabled ? t('attendees.enable') : t('attendees.disable')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <AttendeeDrawer
          eventCode={eventCode}
          attendee={editing === 'new' ? null : editing}
          types={types.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            message.success(t('common.saved'))
            list.reload()
          }}
        />
      )}
    </Space>
  )
}
