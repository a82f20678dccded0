/**
 * The registration texts load with the pages that show them (register, form, home's change of
 * password and details), not with the app (the H5 first load, the login page, has a size budget):
 * importing this module registers them. Every register module takes its i18n from here rather
 * than from @/lib/i18n; so does src/lib/upload.ts's only caller (UploadInput).
 */
import registerZhCN from '@/locales/register.zh-CN'
import registerEn from '@/locales/register.en'
import { registerCatalogue } from '@/lib/i18n'

registerCatalogue('register', registerZhCN, registerEn)

export * from '@/lib/i18n'
