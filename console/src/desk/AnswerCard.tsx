/** The answer to a scan, in large type: green checked in, amber already, red not found or not approved. */
import { useEffect, useState } from 'react'
import type { DeskSnapshot } from '@contracts/admin/desk'
import { useT } from '../lib/i18n'
import { useConsole } from '../lib/store'
import { fetchPhoto } from './api'
import type { DeskAnswer } from './desk-answer'
import { pointName, timeOf } from './desk-format'

const TONES = {
  green: { background: '#f6ffed', border: '#237804', color: '#135200' },
  amber: { background: '#fff7e6', border: '#ad4e00', color: '#873800' },
  red: { background: '#fff1f0', border: '#a8071a', color: '#820014' },
}
const toneOf = (kind: DeskAnswer['kind']) => (kind === 'checkedIn' ? TONES.green : kind === 'already' || kind === 'earlierWon' ? TONES.amber : TONES.red)

export function AnswerCard({ answer, snapshot, eventCode }: { answer: DeskAnswer; snapshot: DeskSnapshot; eventCode: string }) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const [photo, setPhoto] = useState<string | null>(null)
  const a = answer.attendee
  useEffect(() => {
    setPhoto(null)
    if (!a?.hasPhoto || !navigator.onLine) return
    let live = true
    fetchPhoto(eventCode, a.userCode).then(
      (p) => live && p && setPhoto(`data:${p.mime};base64,${p.base64}`),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [a?.userCode, a?.hasPhoto, eventCode])

  const tone = toneOf(answer.kind)
  const c = answer.checkin
  const headline =
    answer.kind === 'already' || answer.kind === 'earlierWon'
      ? t(`desk.answer.${answer.kind}`, { time: c ? timeOf(c.at, snapshot.timeZone) : '', point: pointName(snapshot, c?.pointCode ?? null, lang, t) })
      : t(`desk.answer.${answer.kind}`)
  return (
    <section
      role='status'
      aria-live='assertive'
      data-testid='desk-answer'
      data-kind={answer.kind}
      style={{ background: tone.background, border: `3px solid ${tone.border}`, color: tone.color, borderRadius: 8, padding: 16 }}
    >
      <p style={{ fontSize: 28, fontWeight: 700, margin: 0, lineHeight: 1.25 }}>{headline}</p>
      {a && (
        <div style={{ display: 'flex', gap: 12, marginTop: 12, alignItems: 'center' }}>
          {photo && <img src={photo} alt={t('desk.photo', { name: a.name })} style={{ width: 96, height: 128, objectFit: 'cover', borderRadius: 4 }} />}
          <div style={{ color: '#1f1f1f' }}>
            <p style={{ fontSize: 32, fontWeight: 700, margin: 0 }}>{a.name}</p>
            <p style={{ fontSize: 20, margin: 0 }}>{lang === 'en' ? a.typeEn : a.typeZh}</p>
            {a.company && <p style={{ fontSize: 18, margin: 0 }}>{a.company}</p>}
            {a.tableNo && <p style={{ fontSize: 24, fontWeight: 700, margin: 0 }}>{t('desk.table', { no: a.tableNo })}</p>}
          </div>
        </div>
      )}
      <p style={{ fontSize: 14, margin: '8px 0 0', color: '#434343' }}>{t(answer.confirmed ? 'desk.answer.confirmed' : 'desk.answer.pending')}</p>
    </section>
  )
}
