/** The import template, made in the browser: the columns' headers in the user's language, no rows. */
import { Button, Space } from 'antd'
import Papa from 'papaparse'
import writeXlsxFile from 'write-excel-file/browser'
import { IMPORT_COLUMNS, IMPORT_HEADERS } from '@contracts/admin/attendee-io'
import { useT } from '../lib/i18n'
import { useConsole } from '../lib/store'
import { saveBlob } from './api'

export function TemplateButtons() {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const headers = IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[c][lang])
  const name = t('io.templateFile')
  const xlsx = async () => saveBlob(await writeXlsxFile([headers.map((value) => ({ value, fontWeight: 'bold' as const }))]).toBlob(), `${name}.xlsx`)
  // with a byte order mark, so Excel reads the Chinese headers right
  const csv = () => saveBlob(new Blob(['\uFEFF' + Papa.unparse([headers])], { type: 'text/csv;charset=utf-8' }), `${name}.csv`)
  return (
    <Space wrap>
      <Button onClick={xlsx}>{t('io.templateXlsx')}</Button>
      <Button onClick={csv}>{t('io.templateCsv')}</Button>
    </Space>
  )
}
