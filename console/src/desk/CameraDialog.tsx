/** The camera, in a dialog, until a QR code is read or the person closes it. */
import { useEffect, useRef, useState } from 'react'
import { Button, Modal, Typography } from 'antd'
import { useT } from '../lib/i18n'
import { scanWithCamera } from './camera-scan'

export function CameraDialog({ open, onRead, onClose }: { open: boolean; onRead: (text: string) => void; onClose: () => void }) {
  const t = useT()
  const video = useRef<HTMLVideoElement>(null)
  const [unavailable, setUnavailable] = useState(false)
  useEffect(() => {
    if (!open || !video.current) return
    setUnavailable(false)
    const stop = new AbortController()
    void scanWithCamera(video.current, stop.signal).then((r) => {
      if ('text' in r) onRead(r.text)
      else if ('unavailable' in r) setUnavailable(true)
    })
    return () => stop.abort()
  }, [open, onRead])
  return (
    <Modal
      open={open}
      title={t('desk.cameraTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('desk.cameraStop')}</Button>}
      destroyOnHidden={false}
      forceRender
    >
      {unavailable ? (
        <Typography.Paragraph type='danger'>{t('desk.cameraNone')}</Typography.Paragraph>
      ) : (
        <Typography.Paragraph>{t('desk.cameraHint')}</Typography.Paragraph>
      )}
      <video ref={video} style={{ width: '100%', background: '#000', display: unavailable ? 'none' : 'block' }} aria-label={t('desk.cameraHint')} />
    </Modal>
  )
}
