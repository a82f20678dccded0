/**
 * The train results page's texts (locales/train-list.*: train types, seats, weekdays, the list
 * and its filters): the results page's modules (TrainList, TrainRow, DateLabel, FilterPanel) take
 * their i18n from here, so that page's H5 chunk carries these and not every train text (H5 first-load budget).
 * Every other train module imports ./i18n, which registers these and the rest.
 */
import trainListZhCN from '@/locales/train-list.zh-CN'
import trainListEn from '@/locales/train-list.en'
import { registerCatalogue } from '@/lib/i18n'

registerCatalogue('train', trainListZhCN, trainListEn)

export * from '@/lib/i18n'
