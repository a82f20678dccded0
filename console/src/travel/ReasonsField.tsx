/**
 * The reasons an attendee picks from for an order outside the policy: each in Chinese and English,
 * at most TRAVEL_POLICY_RULES.overPolicyReasons.max, added and removed in place.
 */
import { Button, Form, Input, Space } from 'antd'
import { TRAVEL_POLICY_RULES } from '@contracts/admin/travel-rules'
import { useT } from '../lib/i18n'

const R = TRAVEL_POLICY_RULES.overPolicyReasons

export function ReasonsField() {
  const t = useT()
  const textRules = [{ required: true, whitespace: true, max: R.textMax, message: t('travel.invalid.reason', R) }]
  return (
    <Form.Item label={t('travel.reasons')} extra={t('travel.reasonsHelp')}>
      <Form.List name='overPolicyReasons'>
        {(fields, { add, remove }) => (
          <Space direction='vertical' style={{ width: '100%' }}>
            {fields.map((field, i) => (
              <Space key={field.key} align='start' wrap>
                <Form.Item name={[field.name, 'zh']} rules={textRules} style={{ margin: 0 }}>
                  <Input aria-label={t('travel.reasonZh', { n: i + 1 })} placeholder={t('travel.reasonZh', { n: i + 1 })} maxLength={R.textMax} />
                </Form.Item>
                <Form.Item name={[field.name, 'en']} rules={textRules} style={{ margin: 0 }}>
                  <Input aria-label={t('travel.reasonEn', { n: i + 1 })} placeholder={t('travel.reasonEn', { n: i + 1 })} maxLength={R.textMax} />
                </Form.Item>
                <Button onClick={() => remove(field.name)} aria-label={t('travel.reasonRemove', { n: i + 1 })}>
                  {t('common.remove')}
                </Button>
              </Space>
            ))}
            {fields.length < R.max && <Button onClick={() => add({ zh: '', en: '' })}>{t('travel.reasonAdd')}</Button>}
          </Space>
        )}
      </Form.List>
    </Form.Item>
  )
}
