/**
 * The train screens' texts load with the train subpackage, not with the app (the main
 * package's size and the H5 first load have budgets): importing this module registers them. Every train module
 * takes its i18n from here rather than from @/lib/i18n, but the two the main package shows
 * (StationPicker for /components/chooseCity, NoticeAccordion for /components/noticeOfReservation):
 * they use only train.common, train.city and train.notice, which the app's catalogue holds
 * (locales/train-shared.*). The results page's own texts are a part of their own (./i18n-list.ts).
 */
import trainZhCN from '@/locales/train.zh-CN'
import trainEn from '@/locales/train.en'
import { registerCatalogue } from '@/lib/i18n'
// the results page's part (./i18n-list.ts), which the results page alone registers without the rest
import './i18n-list'

registerCatalogue('train', trainZhCN, trainEn)

export * from '@/lib/i18n'
