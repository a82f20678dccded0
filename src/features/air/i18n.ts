/**
 * The air screens' texts load with the air subpackage, not with the app (the main
 * package's size and the H5 first load have budgets): importing this module registers them. Every air module
 * takes its i18n from here rather than from @/lib/i18n.
 */
import airZhCN from '@/locales/air.zh-CN'
import airEn from '@/locales/air.en'
import { registerCatalogue } from '@/lib/i18n'

registerCatalogue('air', airZhCN, airEn)

export * from '@/lib/i18n'
