/**
 * The microsite's pictures: one uploaded into the file storage (checked here and again on the
 * server: CONTENT_RULES.pictures) answers its /files/ address to copy into the microsite's JSON.
 */
import { useRef, useState } from 'react'
import { Alert, App, Button, Space, Table, Typography } from 'antd'
import type { SitePicture } from '@contracts/admin/content'
import { CONTENT_RULES } from '@contracts/admin/content-rules'
import { useT } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { useBusy } from '../lib/useBusy'
import { ErrorNotice } from '../lib/ErrorNotice'
import { fetchPictures, uploadPicture } from './api'
import './content.css'

const TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
const MAX_KB = Math.floor(CONTENT_RULES.pictures.maxBytes / 1024)

const base64Of = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const r = new FileReader()
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''))
    r.onerror = () => reject(r.error)
    r.readAsDataURL(file)
  })

export function PicturesTab({ eventCode }: { eventCode: string }) {
  const t = useT()
  const { message } = App.useApp()
  const pictures = useLoad(() => fetchPictures(eventCode), [eventCode])
  const { busy, error, run } = useBusy()
  const input = useRef<HTMLInputElement>(null)
  const [last, setLast] = useState<SitePicture | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)

  const choose = (file: File | undefined) => {
    setRefusal(null)
    if (!file) return
    if (!TYPES.includes(file.type)) return setRefusal(t('content.pictureType'))
    if (file.size > CONTENT_RULES.pictures.maxBytes) return setRefusal(t('content.pictureSize', { kb: MAX_KB }))
    void run(async () => {
      const p = await uploadPicture(eventCode, await base64Of(file))
      setLast(p)
      message.success(t('content.uploaded'))
      pictures.reload()
    })
  }

  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Typography.Paragraph>{t('content.picturesHelp', { kb: MAX_KB })}</Typography.Paragraph>
      {/* the button opens the browser's file chooser; the input itself stays out of sight and out of the Tab order */}
      <Button type='primary' onClick={() => input.current?.click()} disabled={busy}>
        {t('content.upload')}
      </Button>
      <input
        ref={input}
        type='file'
        hidden
        accept={TYPES.join(',')}
        className='content-upload-input'
        onChange={(e) => {
          choose(e.target.files?.[0])
          e.target.value = ''
        }}
      />
      <ErrorNotice message={refusal ?? error} />
      {last && (
        <Alert
          type='success'
          showIcon
          title={
            <span>
              {t('content.pictureAddress')}{' '}
              <Typography.Text code copyable className='content-picture-url'>
                {last.url}
              </Typography.Text>
            </span>
          }
        />
      )}
      <ErrorNotice message={pictures.error} />
      <Table<SitePicture>
        rowKey='url'
        size='small'
        loading={pictures.loading}
        dataSource={pictures.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('content.noPictures') }}
        columns={[
          { title: t('content.col.picture'), render: (_, p) => <img src={p.url} alt='' style={{ maxWidth: 96, maxHeight: 64 }} /> },
          { title: t('content.col.address'), render: (_, p) => <Typography.Text copyable>{p.url}</Typography.Text> },
          { title: t('content.col.size'), render: (_, p) => `${p.width} × ${p.height}, ${Math.ceil(p.bytes / 1024)} KB` },
          { title: t('content.col.uploadedAt'), render: (_, p) => new Date(p.uploadedAt).toLocaleString() },
        ]}
      />
    </Space>
  )
}
