/**
 * Pure rules of the registration screens: an empty draft, the problems to show (the same
 * formProblems() the server runs, contracts/register-form.ts), their catalogue keys, and the
 * change-password checks. Unit-tested in test/features/register/.
 */
import { formProblems, type FieldConfig, type FieldKey, type FormProblem, type FormValues, type ListItem, type UploadRule } from '@contracts/register-form'
import type { MessageKey } from '../i18n'
import { newKey } from '@/lib/ids'
import type { RegisterDraft } from '@/store/registerSlice'

export const problemKey = (p: FormProblem): MessageKey => `register.problem.${p}` as MessageKey
export const fieldLabelKey = (k: FieldKey): MessageKey => `register.field.${k}` as MessageKey

export function emptyDraft(contactType: string): RegisterDraft {
  return {
    contactType,
    values: {},
    followers: [],
    activityCodes: [],
    protocolAccepted: false,
    draftId: newKey('draft'),
    idempotencyKey: newKey('reg'),
    fileNames: {},
  }
}

/** a required field left empty ('required', 'nameRequired', 'countyRequired' …), not a value that is wrong */
const isEmptyRequired = (p: FormProblem): boolean => /required$/i.test(p)

export type Problems = Partial<Record<FieldKey, FormProblem>>

export const problemsOf = (fields: FieldConfig[], values: FormValues, lists: Record<string, ListItem[]>): Problems => formProblems(fields, values, { lists })

export interface DraftProblems {
  attendee: Problems
  /** by follower key */
  followers: Record<string, Problems>
  protocol: boolean
}

/** everything wrong with a draft before it is sent; null: nothing */
export function draftProblems(
  draft: RegisterDraft,
  fields: FieldConfig[],
  followerFields: Record<string, FieldConfig[]>,
  lists: Record<string, ListItem[]>,
): DraftProblems | null {
  const attendee = problemsOf(fields, draft.values, lists)
  const followers: Record<string, Problems> = {}
  for (const f of draft.followers) {
    const p = problemsOf(followerFields[f.followerType] ?? [], f.values, lists)
    if (Object.keys(p).length) followers[f.key] = p
  }
  const protocol = !draft.protocolAccepted
  return Object.keys(attendee).length || Object.keys(followers).length || protocol ? { attendee, followers, protocol } : null
}

/**
 * The toast for a draft that cannot be sent yet: its first problem in the order of the form (the
 * attendee's fields, the followers', the protocol). An empty required field says so in spec §5's
 * words ("请填写参会人的必填项"); any other problem says what it is (a wrong ID check digit: "请输入正确的证件号码").
 */
export function draftProblemMessage(p: DraftProblems): { key: MessageKey } {
  const first = (problems: Problems): FormProblem | undefined => Object.values(problems)[0]
  const attendee = first(p.attendee)
  if (attendee) return { key: isEmptyRequired(attendee) ? 'register.fillRequired' : problemKey(attendee) }
  const follower = Object.values(p.followers).map(first).find(Boolean)
  if (follower) return { key: isEmptyRequired(follower) ? 'register.fillFollowerRequired' : problemKey(follower) }
  return { key: 'register.tickProtocol' }
}

/**
 * Where the first problem of a draft is on the form, in the order the form shows them (the
 * attendee's fields, the followers', the protocol), as a selector of one element
 */
export function firstProblemSelector(p: DraftProblems): string {
  if (Object.keys(p.attendee).length) return '.reg-fields--attendee .reg-field.has-problem'
  if (Object.keys(p.followers).length) return '.reg-followers .reg-field.has-problem'
  return '.reg-protocol'
}

/** "jpg, png, up to 2 MB" */
export const uploadLimits = (rule: UploadRule) => ({ formats: rule.formats.join(', '), mb: Math.round((rule.maxBytes / 1024 / 1024) * 10) / 10 })

/** a file checked before it is sent (the server checks again from the bytes) */
export function localFileProblem(rule: UploadRule, name: string, size: number): { key: MessageKey; params: Record<string, string | number> } | null {
  const ext = (name.split('.').pop() ?? '').toLowerCase()
  const limits = uploadLimits(rule)
  if (!rule.formats.includes(ext)) return { key: 'register.upload.format', params: limits }
  if (size > rule.maxBytes) return { key: 'register.upload.size', params: limits }
  return null
}

export type PasswordProblem = 'register.password.enterOld' | 'register.password.weak' | 'register.password.mismatch' | 'register.password.same'
export function passwordProblem(oldPassword: string, newPassword: string, confirm: string): PasswordProblem | null {
  if (!oldPassword) return 'register.password.enterOld'
  if (newPassword.length < 8 || newPassword.length > 64 || !/[A-Za-z]/.test(newPassword) || !/\d/.test(newPassword)) return 'register.password.weak'
  if (newPassword !== confirm) return 'register.password.mismatch'
  if (newPassword === oldPassword) return 'register.password.same'
  return null
}

/** the draft with an uploaded file put into its field (the form keeps the code, the screen the name) */
export const withUploadedFile = (draft: RegisterDraft, field: string, fileCode: string, name: string): RegisterDraft => ({
  ...draft,
  values: { ...draft.values, [field]: fileCode },
  fileNames: { ...draft.fileNames, [field]: name },
})
