/**
 * An event's attendee import (`/admin/events/<code>/import`): the template, the file (dragged or
 * picked, by keyboard too), the server's report of every row, and the import of them all once the
 * report has no problem. The export of the whole list is here too.
 */
import { useState } from 'react'
import { Alert, Button, Card, Space, Typography, Upload } from 'antd'
import { IMPORT_MAX_FILE_BYTES, type ImportReport } from '@contracts/admin/attendee-io'
import { messageText } from '@contracts/messages'
import { useConsole } from '../lib/store'
import { useT } from '../lib/i18n'
import { useBusy } from '../lib/useBusy'
import { ErrorNotice } from '../lib/ErrorNotice'
import { Link } from '../lib/Link'
import { fileAsBase64, sendImport, sendPreview } from './api'
import { ExportButtons } from './ExportButtons'
import { ImportPreview } from './ImportPreview'
import { TemplateButtons } from './TemplateButtons'
import './import.css'

const EVERYONE = { keyword: '', userType: '', status: '', checkin: 'all' } as const

export function ImportPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const { busy, error, run } = useBusy()
  const [picked, setPicked] = useState<{ file: File; content: string } | null>(null)
  const [report, setReport] = useState<ImportReport | null>(null)
  const [imported, setImported] = useState<number | null>(null)

  const preview = (file: File) =>
    run(async () => {
      setReport(null)
      setImported(null)
      setPicked(null)
      // the server refuses it too, but only after the whole file has travelled
      if (file.size > IMPORT_MAX_FILE_BYTES) throw new Error(messageText('EADM4001', lang, { mb: IMPORT_MAX_FILE_BYTES / 1024 / 1024 }))
      const content = await fileAsBase64(file)
      setReport(await sendPreview(eventCode, file, content))
      setPicked({ file, content })
    })

  const importAll = () =>
    run(async () => {
      if (!picked) return
      const answer = await sendImport(eventCode, picked.file, picked.content)
      // the list changed since the preview: the new report says how
      setReport(answer)
      if (answer.problems.length === 0) {
        setImported(answer.imported)
        setPicked(null)
      }
    })

  const ready = !!report && report.problems.length === 0 && imported === null
  return (
    <Space direction='vertical' size='large' style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('io.title', { code: eventCode })}
      </Typography.Title>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('io.step1')}</h2>}>
        <Space direction='vertical' style={{ width: '100%' }}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('io.help')}</Typography.Paragraph>
          <TemplateButtons />
          <Upload.Dragger
            accept='.xlsx,.csv'
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void preview(file)
              return Upload.LIST_IGNORE
            }}
          >
            <p style={{ fontSize: 16, margin: '8px 0' }}>{t('io.drop')}</p>
            <p style={{ margin: 0 }}>{picked ? t('io.picked', { name: picked.file.name }) : t('io.dropHint')}</p>
          </Upload.Dragger>
        </Space>
      </Card>
      <ErrorNotice message={error} />
      {imported !== null && (
        <Space direction='vertical'>
          <Alert type='success' showIcon role='status' title={t('io.done', { count: imported })} />
          {/* on white, not on the alert's green: the link blue reaches 4.5:1 on white only */}
          <Link to={`/events/${encodeURIComponent(eventCode)}/attendees`}>{t('io.toList')}</Link>
        </Space>
      )}
      {report && (
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('io.step2')}</h2>}>
          <Space direction='vertical' size='middle' style={{ width: '100%' }}>
            {report.problems.length > 0 && <Alert type='warning' showIcon title={t('io.fixFirst')} />}
            {ready && (
              <Button type='primary' loading={busy} onClick={importAll}>
                {t('io.import', { count: report.rows.length })}
              </Button>
            )}
            <ImportPreview report={report} />
          </Space>
        </Card>
      )}
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('io.export')}</h2>}>
        <ExportButtons eventCode={eventCode} filters={EVERYONE} />
      </Card>
    </Space>
  )
}
