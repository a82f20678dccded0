/**
 * The microsite file an organiser loads (`npm run microsite:load`, server/README.md): its shape,
 * checked with zod, and the checks across it (codes unique, every link pointing at something that
 * exists, a type list for permission type 4). Pure: the loader (microsite/load.ts)
 * writes what passes, in one transaction. The demo event's microsite is such a file
 * (microsite/demo.json), so the example in the README is always one that loads.
 */
import { z } from 'zod'
import { MICROSITE_STYLES, MODULE_KINDS, PAGE_KINDS, isSafeUrl } from '@contracts/microsite'
import type { Lang } from '@contracts/messages'
import { checkFile, pathText, type FileProblem, type ZhPatterns } from '../../content/rules/file-problems'

const Code = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'a code is 1 to 64 letters, digits, "-" or "_"' })
/** PostgreSQL text cannot hold NUL: refused here with a clear word rather than by the database half way */
const noNul = [(s: string) => !s.includes('\u0000'), { error: 'must not contain NUL characters' }] as const
const Title = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200)
  .refine(...noNul)
const ShortText = z
  .string()
  .trim()
  .max(500)
  .refine(...noNul)
  .default('')
const Html = z
  .string()
  .max(200_000, { error: 'rich text is limited to 200,000 characters' })
  .refine(...noNul)
/** a picture: a path on this server (/files/…) or an http(s) address; '' for none */
const ImageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => u === '' || isSafeUrl(u, 'image'), { error: 'a picture is a path on this server (/files/…) or an http(s) address' })
  .default('')
const Color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'a colour is #rrggbb' })
  .default('#2563eb')
const PermissionType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: 'permissionType is 1 (anyone), 2 or 3 (logged-in attendees) or 4 (the attendee types in someUserTypes)',
})
const UserTypes = z.array(z.string().trim().min(1).max(32)).max(50).default([])

const ModuleText = z.object({ title: Title, subtitle: ShortText, html: Html.default('') }).strict()
const ModuleTexts = z
  .object({ zh: ModuleText.optional(), en: ModuleText.optional() })
  .strict()
  .refine((t) => t.zh || t.en, { error: 'a module needs its texts in at least one language (zh or en)' })

const moduleBase = { code: Code, icon: ImageUrl, color: Color, texts: ModuleTexts }
const Module = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...moduleBase, kind: z.literal('page'), target: Code }).strict(),
    z.object({ ...moduleBase, kind: z.literal('article'), target: Code }).strict(),
    z.object({ ...moduleBase, kind: z.literal('album'), target: Code }).strict(),
    z
      .object({
        ...moduleBase,
        kind: z.literal('link'),
        target: z
          .string()
          .trim()
          .max(2000)
          .refine((u) => isSafeUrl(u, 'link') && !/^(mailto|tel):/i.test(u), { error: 'a link is an http(s) address or a path on this server' }),
        /** the linked site allows being shown in a frame (H5 shows it inside the app) */
        embeddable: z.boolean().default(false),
      })
      .strict(),
    z.object({ ...moduleBase, kind: z.literal('text') }).strict(),
  ],
  { error: `a module's kind is one of ${MODULE_KINDS.join(', ')}` },
)

const Page = z
  .object({
    code: Code,
    kind: z.enum(PAGE_KINDS, { error: `a page's kind is ${PAGE_KINDS.join(' or ')}` }),
    style: z.enum(MICROSITE_STYLES, { error: `a page's style is ${MICROSITE_STYLES.join(' or ')}` }).default('sudoku'),
    titleZh: Title,
    titleEn: Title,
    banner: ImageUrl,
    /** absent: only the microsite's rule applies */
    permissionType: PermissionType.optional(),
    someUserTypes: UserTypes,
    modules: z.array(Module).max(60),
  })
  .strict()

const Article = z
  .object({
    code: Code,
    titleZh: Title,
    titleEn: Title,
    summaryZh: ShortText,
    summaryEn: ShortText,
    cover: ImageUrl,
    publishedAt: z.iso.datetime({ offset: true, error: 'publishedAt is an ISO date-time, e.g. 2026-05-01T09:00:00+08:00' }),
    contentZh: Html,
    contentEn: Html,
  })
  .strict()

const Photo = z
  .object({
    url: ImageUrl.refine((u) => u !== '', { error: 'a photo needs its url' }),
    thumbUrl: ImageUrl,
    width: z.number().int().min(1).max(10_000),
    height: z.number().int().min(1).max(10_000),
    captionZh: ShortText,
    captionEn: ShortText,
  })
  .strict()

const Album = z.object({ code: Code, titleZh: Title, titleEn: Title, photos: z.array(Photo).max(1000) }).strict()

export const MicrositeFile = z
  .object({
    /** the file format; a later format gets a new number */
    version: z.literal(1, { error: 'version must be 1' }),
    enabled: z.boolean(),
    titleZh: Title,
    titleEn: Title,
    permissionType: PermissionType,
    someUserTypes: UserTypes,
    pages: z.array(Page).min(1, { error: 'a microsite needs at least one page' }).max(100),
    articles: z.array(Article).max(500).default([]),
    albums: z.array(Album).max(100).default([]),
  })
  .strict()
  .superRefine((f, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message })
    const duplicates = (codes: string[]) => codes.filter((c, i) => codes.indexOf(c) !== i)
    for (const [list, name] of [
      [f.pages, 'page'],
      [f.articles, 'article'],
      [f.albums, 'album'],
    ] as const) {
      for (const c of new Set(duplicates(list.map((x) => x.code)))) issue([`${name}s`], `the ${name} code "${c}" is used twice`)
    }
    if (!f.pages.some((p) => p.kind === 'home')) issue(['pages'], 'a microsite needs a home page (kind "home")')
    if (f.permissionType === 4 && f.someUserTypes.length === 0) issue(['someUserTypes'], 'permissionType 4 needs the admitted attendee types')
    const known = {
      page: new Set(f.pages.map((p) => p.code)),
      article: new Set(f.articles.map((a) => a.code)),
      album: new Set(f.albums.map((a) => a.code)),
    }
    f.pages.forEach((p, pi) => {
      if (p.permissionType === 4 && p.someUserTypes.length === 0) issue(['pages', pi, 'someUserTypes'], 'permissionType 4 needs the admitted attendee types')
      for (const c of new Set(duplicates(p.modules.map((m) => m.code))))
        issue(['pages', pi, 'modules'], `the module code "${c}" is used twice on page "${p.code}"`)
      p.modules.forEach((m, mi) => {
        if ((m.kind === 'page' || m.kind === 'article' || m.kind === 'album') && !known[m.kind].has(m.target)) {
          issue(['pages', pi, 'modules', mi, 'target'], `there is no ${m.kind} with the code "${m.target}"`)
        }
        if (m.kind === 'text' && !m.texts.zh?.html && !m.texts.en?.html) issue(['pages', pi, 'modules', mi, 'texts'], 'a text module needs its html')
      })
    })
  })

export type MicrositeFileData = z.output<typeof MicrositeFile>

/** the checker's own sentences in Chinese (content/rules/file-problems.ts) */
const ZH: ZhPatterns = [
  [/^a code is 1 to 64 letters, digits, "-" or "_"$/, '代码须为1–64位字母、数字、"-" 或 "_"'],
  [/^must not contain NUL characters$/, '不能包含 NUL 字符'],
  [/^must not be empty$/, '不能为空'],
  [/^rich text is limited to 200,000 characters$/, '富文本最多200,000个字符'],
  [/^a picture is a path on this server \(\/files\/…\) or an http\(s\) address$/, '图片须为本站路径（/files/…）或 http(s) 地址'],
  [/^a colour is #rrggbb$/, '颜色格式为 #rrggbb'],
  [/^permissionType is 1 .*$/, 'permissionType 为 1（所有人）、2 或 3（已登录参会人）或 4（someUserTypes 中的参会人类型）'],
  [/^a module needs its texts in at least one language \(zh or en\)$/, '模块须至少有一种语言（zh 或 en）的文字'],
  [/^a link is an http\(s\) address or a path on this server$/, '链接须为 http(s) 地址或本站路径'],
  [/^a module's kind is one of (.*)$/, '模块类型须为以下之一：$1'],
  [/^a page's kind is (.*)$/, '页面类型须为 $1'],
  [/^a page's style is (.*)$/, '页面样式须为 $1'],
  [/^publishedAt is an ISO date-time, e\.g\. (.*)$/, 'publishedAt 须为 ISO 日期时间，例如 $1'],
  [/^a photo needs its url$/, '照片须有 url'],
  [/^version must be 1$/, 'version 须为 1'],
  [/^a microsite needs at least one page$/, '微站至少需要一个页面'],
  [/^the (page|article|album) code "(.*)" is used twice$/, '代码 "$2" 重复使用（$1）'],
  [/^a microsite needs a home page \(kind "home"\)$/, '微站须有首页（kind 为 "home"）'],
  [/^permissionType 4 needs the admitted attendee types$/, 'permissionType 为 4 时须列出允许的参会人类型'],
  [/^the module code "(.*)" is used twice on page "(.*)"$/, '页面 "$2" 上的模块代码 "$1" 重复使用'],
  [/^there is no (page|article|album) with the code "(.*)"$/, '没有代码为 "$2" 的 $1'],
  [/^a text module needs its html$/, '文字模块须有 html 内容'],
]

export type ParsedMicrositeFile = { ok: true; file: MicrositeFileData } | { ok: false; errors: string[] }

/** the checked file, or every problem with its place and its text in `lang` (the console) */
export function checkMicrositeFile(input: unknown, lang: Lang): { ok: true; data: MicrositeFileData } | { ok: false; problems: FileProblem[] } {
  return checkFile(MicrositeFile, input, lang, ZH)
}

export function parseMicrositeFile(input: unknown): ParsedMicrositeFile {
  const r = checkMicrositeFile(input, 'en')
  return r.ok ? { ok: true, file: r.data } : { ok: false, errors: r.problems.map((p) => `${pathText(p.path)}: ${p.message}`) }
}
