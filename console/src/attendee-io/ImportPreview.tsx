/**
 * What the server read from a file: the counts, every problem (row, column, message) in a list,
 * and the rows in a table with each bad cell marked (a red frame, and its message said to screen
 * readers and shown on hover).
 */
import type { ReactNode } from 'react'
import { Space, Table, Tag, Typography } from 'antd'
import { IMPORT_COLUMNS, IMPORT_HEADERS, type ImportColumn, type ImportProblem, type ImportReport, type ImportRow } from '@contracts/admin/attendee-io'
import { useT } from '../lib/i18n'
import { useConsole } from '../lib/store'

const paged = (pageSize: number) => ({ pageSize, hideOnSinglePage: true, showSizeChanger: false })

/** a part of the report under its own heading, named by it for screen readers */
function Titled({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={2} id={id} style={{ fontSize: 18 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  )
}

export function ImportPreview({ report }: { report: ImportReport }) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const columnName = (c: ImportColumn | '') => (c ? IMPORT_HEADERS[c][lang] : '')
  const byCell = new Map<string, ImportProblem[]>()
  for (const p of report.problems) byCell.set(`${p.row}:${p.column}`, [...(byCell.get(`${p.row}:${p.column}`) ?? []), p])
  const badRows = new Set(report.problems.map((p) => p.row)).size

  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Space wrap aria-live='polite'>
        <Tag>{t('io.count.rows', { count: report.rows.length })}</Tag>
        <Tag color={badRows ? 'error' : undefined}>{t('io.count.badRows', { count: badRows })}</Tag>
        <Tag color={report.problems.length ? 'error' : undefined}>{t('io.count.problems', { count: report.problems.length })}</Tag>
      </Space>
      {report.problems.length > 0 && (
        <Titled id='io-problems' title={t('io.problems')}>
          <Table<ImportProblem>
            size='small'
            rowKey={(p) => `${p.row}:${p.column}:${p.msgId}`}
            dataSource={report.problems}
            pagination={paged(20)}
            columns={[
              { title: t('io.col.row'), dataIndex: 'row', width: 100 },
              { title: t('io.col.column'), render: (_, p) => columnName(p.column) || '—', width: 180 },
              { title: t('io.col.message'), dataIndex: 'message' },
            ]}
          />
        </Titled>
      )}
      <Titled id='io-rows' title={t('io.rows')}>
        <Table<ImportRow>
          size='small'
          rowKey='row'
          dataSource={report.rows}
          scroll={{ x: 'max-content' }}
          pagination={paged(50)}
          rowClassName={(r) => (byCell.has(`${r.row}:`) ? 'io-bad-row' : '')}
          columns={[
            { title: t('io.col.row'), dataIndex: 'row', width: 80 },
            ...IMPORT_COLUMNS.map((c) => ({
              title: columnName(c),
              key: c,
              render: (_: unknown, r: ImportRow) => {
                const problems = byCell.get(`${r.row}:${c}`)
                if (!problems) return r.cells[c]
                const said = problems.map((p) => p.message).join('; ')
                return (
                  <span className='io-bad-cell' title={said}>
                    {r.cells[c] || '\u00a0'}
                    <span className='io-sr-only'>{` (${said})`}</span>
                  </span>
                )
              },
            })),
          ]}
        />
      </Titled>
    </Space>
  )
}
