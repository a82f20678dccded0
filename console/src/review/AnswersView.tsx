/** A registration's answers, for the reviewer to decide on: each field of the form with what was filled in. */
import { Descriptions } from 'antd'
import type { ReviewItem } from '@contracts/admin/review'
import { useT, type TextKey } from '../lib/i18n'
import { useConsole } from '../lib/store'

export function AnswersView({ item }: { item: ReviewItem }) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const label = (a: ReviewItem['answers'][number]) => (lang === 'en' ? a.labelEn || a.labelZh : a.labelZh) || t(`field.${a.key}` as TextKey)
  const activities = item.activities.map((a) => (lang === 'en' ? a.titleEn || a.titleZh : a.titleZh)).join(lang === 'en' ? ', ' : '、')
  return (
    <Descriptions
      size='small'
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        ...item.answers.map((a) => ({
          key: a.key,
          label: label(a),
          children: (lang === 'en' ? a.valueEn : a.valueZh) || t('review.noAnswer'),
        })),
        { key: 'activities', label: t('field.activities'), children: activities || t('review.noAnswer') },
      ]}
    />
  )
}
