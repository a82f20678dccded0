/**
 * The travel desk's reconciliation with WeChat Pay: two China dates, a run, the totals on both
 * sides and every difference with its kind, order, amounts and states; the differences as a file.
 */
import { useState } from 'react'
import { Alert, Button, Descriptions, Input, Space, Table, Typography } from 'antd'
import type { ReconcileDifference, ReconcileRequest, ReconcileResult } from '@contracts/admin/reconcile'
import { useT } from '../lib/i18n'
import { useBusy } from '../lib/useBusy'
import { ErrorNotice } from '../lib/ErrorNotice'
import { downloadDifferences, reconcile } from './api'
import { FileExportButtons } from '../lib/FileExportButtons'
import { yuan } from './filters'

/** today's date in China, where WeChat Pay's bills are cut */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)

export function ReconcilePanel({ eventCode }: { eventCode: string }) {
  const t = useT()
  const [range, setRange] = useState({ from: chinaToday(), to: chinaToday() })
  const [asked, setAsked] = useState<ReconcileRequest | null>(null)
  const [result, setResult] = useState<ReconcileResult | null>(null)
  const { busy, error, run } = useBusy()
  const start = () =>
    run(async () => {
      const req = { eventCode, ...range }
      setResult(null)
      setResult(await reconcile(req))
      setAsked(req)
    })
  const money = (fen: number | null) => (fen === null ? '—' : yuan(fen))

  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('reconcile.intro')}</Typography.Paragraph>
      <form
        aria-label={t('orders.tab.reconcile')}
        onSubmit={(e) => {
          e.preventDefault()
          void start()
        }}
      >
        <Space wrap align='end'>
          {(['from', 'to'] as const).map((k) => (
            <label key={k} style={{ display: 'inline-flex', flexDirection: 'column', gap: 4 }}>
              {t(`reconcile.${k}`)}
              <Input type='date' required value={range[k]} onChange={(e) => setRange({ ...range, [k]: e.target.value })} style={{ width: 180 }} />
            </label>
          ))}
          <Button type='primary' htmlType='submit' loading={busy}>
            {t('reconcile.run')}
          </Button>
          <FileExportButtons
            doneKey='reconcile.exported'
            disabled={!result || !asked || result.differences.length === 0}
            download={(format) => downloadDifferences(asked!, format)}
          />
        </Space>
      </form>
      <ErrorNotice message={error} />
      {!result && !error && !busy && <Typography.Text type='secondary'>{t('reconcile.notRun')}</Typography.Text>}
      {result && (
        <>
          <Descriptions
            bordered
            size='small'
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              { key: 'mp', label: t('reconcile.matchedPayments'), children: result.matchedPayments },
              { key: 'op', label: t('reconcile.oursPaid'), children: yuan(result.oursPaidFen) },
              { key: 'bp', label: t('reconcile.billPaid'), children: yuan(result.billPaidFen) },
              { key: 'ol', label: t('reconcile.otherLines'), children: result.otherLines },
              { key: 'mr', label: t('reconcile.matchedRefunds'), children: result.matchedRefunds },
              { key: 'or', label: t('reconcile.oursRefunded'), children: yuan(result.oursRefundedFen) },
              { key: 'br', label: t('reconcile.billRefunded'), children: yuan(result.billRefundedFen) },
            ]}
          />
          {result.differences.length === 0 ? (
            <Alert type='success' showIcon role='status' title={t('reconcile.noDifferences')} />
          ) : (
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              {t('reconcile.differences', { n: result.differences.length + result.moreDifferences })}
            </Typography.Title>
          )}
          {result.moreDifferences > 0 && <Alert type='warning' showIcon title={t('reconcile.more', { n: result.moreDifferences })} />}
          {result.differences.length > 0 && (
            <Table<ReconcileDifference>
              rowKey={(d) => `${d.kind}:${d.paymentNo}:${d.refundNo}`}
              dataSource={result.differences}
              scroll={{ x: 1100 }}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              columns={[
                { title: t('reconcile.col.kind'), render: (_, d) => t(`reconcile.kind.${d.kind}`) },
                { title: t('reconcile.col.entry'), render: (_, d) => t(`reconcile.entry.${d.entry}`) },
                { title: t('reconcile.col.date'), dataIndex: 'date' },
                { title: t('orders.col.orderNo'), render: (_, d) => (d.orderKind ? `${t(`orders.kind.${d.orderKind}`)} ${d.orderNo}` : '—') },
                { title: t('reconcile.col.paymentNo'), render: (_, d) => d.refundNo || d.paymentNo },
                { title: t('reconcile.col.ours'), align: 'right', render: (_, d) => money(d.oursFen) },
                { title: t('reconcile.col.bill'), align: 'right', render: (_, d) => money(d.billFen) },
                { title: t('reconcile.col.oursState'), render: (_, d) => t(`reconcile.ours.${d.oursState}`) },
                { title: t('reconcile.col.billState'), render: (_, d) => d.billState || t('reconcile.bill.none') },
              ]}
            />
          )}
        </>
      )}
    </Space>
  )
}
