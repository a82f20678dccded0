/**
 * An event's staff and their roles, for those who give them: the platform administrator (any role)
 * and the event's owner (the roles below owner); the platform administrator also makes accounts.
 */
import { useState } from 'react'
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd'
import { STAFF_ROLES, type StaffRole } from '@contracts/admin/roles'
import type { EventStaffMember } from '@contracts/admin/staff'
import { useT } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { useConsole } from '../lib/store'
import { ErrorNotice } from '../lib/ErrorNotice'
import { TAG_STYLES } from '../lib/readableTags'
import { fetchTeam, giveRole, setAccountDisabled } from './api'
import { NewAccountCard } from './NewAccountCard'

export function TeamPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const { message } = App.useApp()
  const platformAdmin = useConsole((s) => !!s.profile?.platformAdmin)
  const me = useConsole((s) => s.profile?.userName)
  const team = useLoad(() => fetchTeam(eventCode), [eventCode])
  const [error, setError] = useState<string | null>(null)
  const [form] = Form.useForm<{ userName: string; role: StaffRole }>()
  // owners are made and unmade by the platform administrator only
  const givable = STAFF_ROLES.filter((r) => platformAdmin || r !== 'owner')
  const mayChange = (m: EventStaffMember) => platformAdmin || m.role !== 'owner'

  const set = async (userName: string, role: StaffRole | null) => {
    setError(null)
    try {
      await giveRole(eventCode, userName, role)
      message.success(t('common.saved'))
      team.reload()
      return true
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      return false
    }
  }

  // the platform administrator disables an account (its sessions end at once) or enables it again
  const toggleAccount = async (m: EventStaffMember) => {
    setError(null)
    try {
      await setAccountDisabled(m.userName, !m.disabled)
      message.success(m.disabled ? t('team.enabled') : t('team.disabledDone'))
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
    team.reload()
  }

  return (
    <Space direction='vertical' size='large' style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('team.title', { code: eventCode })}
      </Typography.Title>
      <ErrorNotice message={error ?? team.error} />
      <Table<EventStaffMember>
        rowKey='userName'
        loading={team.loading}
        dataSource={team.data ?? []}
        pagination={false}
        columns={[
          { title: t('team.userName'), dataIndex: 'userName' },
          {
            title: t('team.name'),
            render: (_, m) => (
              <Space size={4} wrap>
                {m.name}
                {m.disabled && <Tag style={TAG_STYLES.error}>{t('team.accountDisabled')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('team.role'),
            render: (_, m) => (
              <Select<StaffRole>
                aria-label={`${t('team.role')}: ${m.userName}`}
                value={m.role}
                disabled={!mayChange(m)}
                style={{ minWidth: 160 }}
                onChange={(role) => set(m.userName, role)}
                options={(mayChange(m) ? givable : STAFF_ROLES).map((r) => ({ value: r, label: t(`role.${r}`) }))}
              />
            ),
          },
          {
            title: t('events.col.actions'),
            render: (_, m) => (
              <Space wrap>
                {mayChange(m) && (
                  <Popconfirm title={t('team.removeConfirm', { who: m.userName })} onConfirm={() => set(m.userName, null)}>
                    <Button size='small' danger aria-label={`${t('team.remove')}: ${m.userName}`}>
                      {t('team.remove')}
                    </Button>
                  </Popconfirm>
                )}
                {platformAdmin && m.userName !== me && (
                  <Popconfirm
                    title={m.disabled ? t('team.enableConfirm', { who: m.userName }) : t('team.disableConfirm', { who: m.userName })}
                    onConfirm={() => toggleAccount(m)}
                  >
                    <Button size='small' danger={!m.disabled} aria-label={`${m.disabled ? t('team.enable') : t('team.disable')}: ${m.userName}`}>
                      {m.disabled ? t('team.enable') : t('team.disable')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('team.add')}</h2>}>
        <Form
          name='giveRole'
          form={form}
          layout='inline'
          onFinish={async (v) => {
            if (await set(v.userName, v.role)) form.resetFields()
          }}
        >
          <Form.Item
            label={t('team.userName')}
            name='userName'
            rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('team.userName') }) }]}
          >
            <Input autoComplete='off' />
          </Form.Item>
          <Form.Item label={t('team.role')} name='role' rules={[{ required: true, message: t('common.required', { field: t('team.role') }) }]}>
            <Select<StaffRole> style={{ minWidth: 160 }} options={givable.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
          </Form.Item>
          <Button type='primary' htmlType='submit'>
            {t('team.give')}
          </Button>
        </Form>
      </Card>
      {platformAdmin && <NewAccountCard onCreated={(userName) => form.setFieldValue('userName', userName)} />}
    </Space>
  )
}
