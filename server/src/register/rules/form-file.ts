/**
 * An event's registration form as an organiser writes it (JSON, `npm run register:load`), checked
 * before anything is written: every problem is listed with its place in the file
 * (`attendeeTypes[1].fields[3].key: …`), so a real event is set up without code. Example and
 * format: server/src/register/demo-form.json and server/README.md "Registration form".
 */
import { z } from 'zod'
import { FIELD_KEYS, UPLOAD_FIELDS, type FieldConfig, type FormConfig } from '@contracts/register-form'
import type { Lang } from '@contracts/messages'
import { checkFile, type FileProblem, type ZhPatterns } from '../../content/rules/file-problems'
import { REGISTER_RULES } from './register-rules'

const Code = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'a code of 1-32 letters, digits, _ or -')
const Label = z.string().max(200)
const Upload = z
  .object({
    formats: z.array(z.enum(REGISTER_RULES.uploads.knownFormats)).min(1),
    maxBytes: z.number().int().min(1).max(REGISTER_RULES.uploads.maxBytesCeiling),
    minWidth: z.number().int().min(0).default(0),
    maxWidth: z.number().int().min(0).default(0),
    minHeight: z.number().int().min(0).default(0),
    maxHeight: z.number().int().min(0).default(0),
  })
  .strict()
const Field = z
  .object({
    key: z.enum(FIELD_KEYS),
    required: z.boolean().default(false),
    labelZh: Label.default(''),
    labelEn: Label.default(''),
    upload: Upload.optional(),
  })
  .strict()
const Fields = z
  .array(Field)
  .min(1)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>()
    fields.forEach((f, i) => {
      if (seen.has(f.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `field ${f.key} appears twice` })
      seen.add(f.key)
      if (f.upload && !(UPLOAD_FIELDS as readonly string[]).includes(f.key))
        ctx.addIssue({ code: 'custom', path: [i, 'upload'], message: 'only photo and attachment take upload limits' })
    })
    if (!fields.some((f) => f.key === 'name' || f.key === 'surnameGiven')) ctx.addIssue({ code: 'custom', message: 'a form needs name or surnameGiven' })
  })
const IsoTime = z.iso.datetime({ offset: true })
const AgendaItem = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a code of 1-64 letters, digits, _ or -'),
    startTime: IsoTime,
    endTime: IsoTime,
    titleZh: Label.min(1),
    titleEn: Label.min(1),
    trackZh: Label.default(''),
    trackEn: Label.default(''),
    venueZh: Label.default(''),
    venueEn: Label.default(''),
    speakerZh: Label.default(''),
    speakerEn: Label.default(''),
    summaryZh: z.string().max(2000).default(''),
    summaryEn: z.string().max(2000).default(''),
    signupOpen: z.boolean().default(false),
    capacity: z.number().int().min(0).nullable().default(null),
  })
  .strict()
  .refine((a) => Date.parse(a.endTime) > Date.parse(a.startTime), { message: 'endTime must be after startTime', path: ['endTime'] })
export type AgendaItemFile = z.infer<typeof AgendaItem>
const Item = z.object({ value: Code, labelZh: Label, labelEn: Label }).strict()

const FormFile = z
  .object({
    open: z.boolean().default(true),
    maxActivities: z.number().int().min(0).nullable().default(null),
    editUntil: z.enum(['eventStart', 'eventEnd', 'never']).default('eventStart'),
    afterRegister: z.enum(['login', 'home']).default('login'),
    protocolZh: z.string().min(1).max(20000),
    protocolEn: z.string().min(1).max(20000),
    attendeeTypes: z
      .array(
        z
          .object({
            code: Code,
            labelZh: Label.min(1),
            labelEn: Label.min(1),
            audit: z.boolean().default(false),
            byInvitation: z.boolean().default(false),
            fields: Fields.superRefine((fields, ctx) => {
              const login = fields.filter((f) => (f.key === 'mobile' || f.key === 'email') && f.required)
              if (login.length === 0) ctx.addIssue({ code: 'custom', message: 'an attendee type needs a required mobile or email (to log in)' })
            }),
          })
          .strict(),
      )
      .min(1),
    followerTypes: z
      .array(
        z
          .object({
            code: Code,
            labelZh: Label.min(1),
            labelEn: Label.min(1),
            max: z.number().int().min(1).max(50).default(REGISTER_RULES.followers.defaultMaxPerType),
            fields: Fields,
          })
          .strict(),
      )
      .default([]),
    lists: z.record(Code, z.array(Item)).default({}),
    /** sub-events to add or update (by code); places taken are kept */
    agenda: z.array(AgendaItem).default([]),
  })
  .strict()
  .superRefine((f, ctx) => {
    const codes = (xs: Array<{ code: string }>, path: string) => {
      const seen = new Set<string>()
      xs.forEach((x, i) => {
        if (seen.has(x.code)) ctx.addIssue({ code: 'custom', path: [path, i, 'code'], message: `code ${x.code} appears twice` })
        seen.add(x.code)
      })
    }
    codes(f.attendeeTypes, 'attendeeTypes')
    codes(f.followerTypes, 'followerTypes')
    codes(f.agenda, 'agenda')
  })

export class FormFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`the registration form file has ${problems.length} problem(s):\n- ${problems.join('\n- ')}`)
    this.name = 'FormFileError'
  }
}

const withUploadDefaults = (fields: FieldConfig[]): FieldConfig[] =>
  fields.map((f) =>
    f.key === 'photo' || f.key === 'attachment'
      ? { ...f, upload: f.upload ?? { ...REGISTER_RULES.uploads.defaults[f.key], formats: [...REGISTER_RULES.uploads.defaults[f.key].formats] } }
      : f,
  )

/** the checker's own sentences in Chinese (content/rules/file-problems.ts) */
const ZH: ZhPatterns = [
  [/^a code of 1-32 letters, digits, _ or -$/, '代码须为1–32位字母、数字、_ 或 -'],
  [/^a code of 1-64 letters, digits, _ or -$/, '代码须为1–64位字母、数字、_ 或 -'],
  [/^field (\S+) appears twice$/, '字段 $1 出现了两次'],
  [/^only photo and attachment take upload limits$/, '只有 photo 和 attachment 字段可设上传限制'],
  [/^a form needs name or surnameGiven$/, '表单须包含 name 或 surnameGiven 字段'],
  [/^an attendee type needs a required mobile or email \(to log in\)$/, '参会人类型须有必填的 mobile 或 email 字段（用于登录）'],
  [/^endTime must be after startTime$/, 'endTime 须晚于 startTime'],
  [/^code (\S+) appears twice$/, '代码 $1 出现了两次'],
]

export type FormFileData = { form: FormConfig; agenda: AgendaItemFile[] }

function fileData(f: z.output<typeof FormFile>): FormFileData {
  const { agenda, ...form } = f
  return {
    agenda,
    form: {
      ...form,
      attendeeTypes: form.attendeeTypes.map((t) => ({ ...t, fields: withUploadDefaults(t.fields) })),
      followerTypes: form.followerTypes.map((t) => ({ ...t, fields: withUploadDefaults(t.fields) })),
    },
  }
}

/** the checked form and agenda, or every problem with its place and its text in `lang` (the console) */
export function checkFormFile(input: unknown, lang: Lang): { ok: true; data: FormFileData } | { ok: false; problems: FileProblem[] } {
  const r = checkFile(FormFile, input, lang, ZH)
  return r.ok ? { ok: true, data: fileData(r.data) } : r
}

/** the checked form and agenda, or FormFileError listing every problem with its place in the file */
export function parseFormFile(input: unknown): FormFileData {
  const r = checkFormFile(input, 'en')
  if (!r.ok) throw new FormFileError(r.problems.map((p) => `${p.path.map(String).join('.') || '(file)'}: ${p.message}`))
  return r.data
}
