/**
 * Print-ready badges of the attendee list as filtered ('badge.print'): a dialog to pick the size,
 * telling how many badges the filter gives (approved attendees who are not disabled), and the PDF
 * downloaded with the staff token. Placed beside the list's export, with the list's filter.
 */
import { useState } from 'react'
import { Alert, App, Button, Modal, Radio, Space, Typography } from 'antd'
import { BADGE_RULES, BADGE_SIZE_NAMES, BADGE_SIZES, type BadgeSize } from '@contracts/admin/badge-rules'
import type { BadgeFilter } from '@contracts/admin/badges'
import { useT } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { ErrorNotice } from '../lib/ErrorNotice'
import { downloadBadges, fetchBadgeCount } from './api'

function BadgeDialog({ filter, onClose }: { filter: BadgeFilter; onClose: () => void }) {
  const t = useT()
  const { message } = App.useApp()
  const [size, setSize] = useState<BadgeSize>(BADGE_RULES.defaultSize)
  const [busy, setBusy] = useState(false)
  const counted = useLoad(() => fetchBadgeCount(filter), [JSON.stringify(filter)])
  const count = counted.data?.count ?? 0
  const max = counted.data?.max ?? BADGE_RULES.maxPerPdf
  const printable = !!counted.data && count > 0 && count <= max

  const download = async () => {
    setBusy(true)
    try {
      message.success(t('badges.done', { count: await downloadBadges({ ...filter, size }) }))
      onClose()
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={t('badges.title')}
      onCancel={onClose}
      footer={[
        <Button key='cancel' onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key='download' type='primary' loading={busy} disabled={!printable} onClick={download}>
          {t('badges.download')}
        </Button>,
      ]}
    >
      <Space direction='vertical' size='middle' style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('badges.scope')}</Typography.Paragraph>
        <Radio.Group
          aria-label={t('badges.size')}
          value={size}
          onChange={(e) => setSize(e.target.value as BadgeSize)}
          options={BADGE_SIZE_NAMES.map((s) => ({
            value: s,
            label: t('badges.sizeOption', { name: t(`badges.size.${s}`), w: BADGE_SIZES[s].widthMm, h: BADGE_SIZES[s].heightMm }),
          }))}
        />
        <ErrorNotice message={counted.error} />
        <div role='status' aria-live='polite'>
          {counted.loading ? (
            t('badges.counting')
          ) : counted.data && count === 0 ? (
            <Alert type='info' showIcon message={t('badges.none')} />
          ) : counted.data && count > max ? (
            <Alert type='warning' showIcon message={`${t('badges.count', { count })}. ${t('badges.overCap', { max })}`} />
          ) : counted.data ? (
            <Typography.Text strong>{t('badges.count', { count })}</Typography.Text>
          ) : null}
        </div>
      </Space>
    </Modal>
  )
}

export function BadgeButton({ filter }: { filter: BadgeFilter }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('badges.open')}</Button>
      {open && <BadgeDialog filter={filter} onClose={() => setOpen(false)} />}
    </>
  )
}
