/**
 * Who may enter an event once their identity is proven (code or password): a registered attendee
 * whose registration is approved and who knows the event's extra proofs. Pure, table-tested.
 */
import type { LoginExtraField } from '@contracts/event'
import type { MsgId } from '@contracts/messages'

export interface AdmissionInput {
  extraFields: readonly LoginExtraField[]
  person: { idNumber: string | null } | null
  attendee: { status: string; disabled: boolean; visitingCode: string | null; roomNumber: string | null } | null
  given: { idNumber?: string; visitingCode?: string; roomNumber?: string }
}

/** proofs compare trimmed and case-insensitive (an ID number's X, a typed visiting code) */
const same = (stored: string | null, given: string | undefined) => !!stored && given !== undefined && stored.trim().toUpperCase() === given.trim().toUpperCase()

/** null: admitted; otherwise the msgId, and whether it was a wrong proof (counts as a failed try) */
export function admit(a: AdmissionInput): { msgId: MsgId; wrongProof: boolean } | null {
  if (!a.person || !a.attendee) return { msgId: 'EREG1036', wrongProof: false }
  // stopped by the organisers: whatever the registration says, this person does not enter
  if (a.attendee.disabled) return { msgId: 'ELOG1012', wrongProof: false }
  if (a.attendee.status === 'auditing') return { msgId: 'EREG1040', wrongProof: false }
  if (a.attendee.status !== 'approved') return { msgId: 'EREG1030', wrongProof: false }
  for (const f of a.extraFields) {
    if (f === 'idNumber' && !same(a.person.idNumber, a.given.idNumber)) return { msgId: 'ELOG1008', wrongProof: true }
    if (f === 'visitingCode' && !same(a.attendee.visitingCode, a.given.visitingCode)) return { msgId: 'ELOG1009', wrongProof: true }
    if (f === 'roomNumber' && !same(a.attendee.roomNumber, a.given.roomNumber)) return { msgId: 'ELOG1010', wrongProof: true }
  }
  return null
}

/** Before any secret is checked: the event's extra fields must at least be filled in. */
export function missingExtraField(extraFields: readonly LoginExtraField[], given: AdmissionInput['given']): MsgId | null {
  const blank = (s: string | undefined) => !s || !s.trim()
  for (const f of extraFields) {
    if (f === 'idNumber' && blank(given.idNumber)) return 'EVAL0007'
    if (f === 'visitingCode' && blank(given.visitingCode)) return 'ELOG1009'
    if (f === 'roomNumber' && blank(given.roomNumber)) return 'ELOG1010'
  }
  return null
}
