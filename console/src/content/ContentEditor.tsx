/**
 * One kind of content (the form with its agenda, or the microsite) edited as its file's JSON:
 * checked on the server (every problem marked in the editor and listed beside it), previewed from
 * the checked draft, published in one step. The draft is kept in the browser until it is published.
 */
import { useEffect, useRef, useState } from 'react'
import { Alert, App, Button, Card, Col, Popconfirm, Row, Space, Spin, Typography } from 'antd'
import type { ContentCheck, ContentKind } from '@contracts/admin/content'
import { useT } from '../lib/i18n'
import { useBusy } from '../lib/useBusy'
import { ErrorNotice } from '../lib/ErrorNotice'
import { checkDraft, fetchContent, publishDraft } from './api'
import { dropDraft, keepDraft, savedDraft } from './draft-store'
import { JsonEditor, type JsonEditorHandle } from './JsonEditor'
import { ProblemList } from './ProblemList'
import { ContentPreviewView } from './ContentPreviewView'

export function ContentEditor({ eventCode, kind }: { eventCode: string; kind: ContentKind }) {
  const t = useT()
  const { message } = App.useApp()
  const editor = useRef<JsonEditorHandle>(null)
  const [published, setPublished] = useState<string | null>(null)
  const [text, setText] = useState('')
  const [restored, setRestored] = useState(false)
  const [result, setResult] = useState<ContentCheck | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const { busy, error, run } = useBusy()

  useEffect(() => {
    let live = true
    fetchContent(eventCode, kind).then(
      (src) => {
        if (!live) return
        const kept = savedDraft(eventCode, kind)
        setPublished(src.text)
        setText(kept ?? src.text)
        setRestored(kept !== null && kept !== src.text)
      },
      (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
    )
    return () => {
      live = false
    }
  }, [eventCode, kind])

  const change = (v: string) => {
    setText(v)
    if (v === published) dropDraft(eventCode, kind)
    else keepDraft(eventCode, kind, v)
  }
  const check = () =>
    run(async () => {
      setResult(await checkDraft(eventCode, kind, text))
    })
  const publish = () =>
    run(async () => {
      const r = await publishDraft(eventCode, kind, text)
      setResult(r)
      if (!r.published) return void message.error(t('content.publishRefused'))
      dropDraft(eventCode, kind)
      setPublished(text)
      setRestored(false)
      message.success(t('content.published'))
    })
  const discard = () => {
    dropDraft(eventCode, kind)
    setText(published ?? '')
    setRestored(false)
    setResult(null)
  }

  if (loadError) return <ErrorNotice message={loadError} />
  if (published === null) return <Spin tip={t('common.loading')} />
  const hintId = `content-hint-${kind}`
  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      {restored && (
        <Alert
          type='info'
          showIcon
          title={t('content.restored')}
          action={
            <Button size='small' onClick={discard}>
              {t('content.discard')}
            </Button>
          }
        />
      )}
      {published === '' && <Alert type='info' showIcon title={t(kind === 'form' ? 'content.noneForm' : 'content.noneMicrosite')} />}
      <ErrorNotice message={error} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <JsonEditor ref={editor} value={text} onChange={change} problems={result?.problems ?? []} label={t(`content.editor.${kind}`)} hintId={hintId} />
          <Typography.Paragraph id={hintId} type='secondary' style={{ marginTop: 8 }}>
            {t('content.keyboardHint')}
          </Typography.Paragraph>
          <Space wrap>
            {/* disabled while sending rather than `loading`: its icon would stay in the button's name for a screen reader */}
            <Button onClick={check} disabled={busy}>
              {t('content.check')}
            </Button>
            <Popconfirm title={t('content.publishConfirm')} onConfirm={() => void publish()}>
              <Button type='primary' disabled={busy || text === published}>
                {t('content.publish')}
              </Button>
            </Popconfirm>
            <Button onClick={discard} disabled={text === published}>
              {t('content.discard')}
            </Button>
          </Space>
        </Col>
        <Col xs={24} xl={9}>
          <Card size='small' title={<h2 className='content-card-title'>{t('content.problems')}</h2>}>
            <ProblemList problems={result?.problems ?? []} checked={!!result} onReveal={(p) => editor.current?.reveal(p.path)} />
          </Card>
        </Col>
      </Row>
      <Card size='small' title={<h2 className='content-card-title'>{t('content.preview')}</h2>}>
        {result?.preview ? (
          <ContentPreviewView preview={result.preview} />
        ) : (
          <Typography.Text type='secondary'>{t('content.previewAfterCheck')}</Typography.Text>
        )}
      </Card>
    </Space>
  )
}
