/**
 * An event's travel policy (/admin/events/<code>/travel): what the company pays for, as a form —
 * seat classes per train type, cabin classes, price caps, the cities trips start and end in, what
 * happens outside the policy, who pays, which products the attendee app offers. Every role reads
 * it; owner, organiser and the travel desk save it.
 */
import { useEffect, useState } from 'react'
import { App, Button, Card, Checkbox, Form, InputNumber, Radio, Select, Space, Spin, Typography } from 'antd'
import type { AdminEvent } from '@contracts/admin/events'
import { CABIN_CLASSES } from '@contracts/calls/travel'
import { SEAT_TYPES, TRAIN_TYPES } from '@contracts/train'
import { CABIN_CLASS_NAMES, SEAT_TYPE_NAMES } from '@contracts/messages-train'
import { TRAIN_RULES_PROFILES } from '@contracts/admin/travel-rules'
import { useT } from '../lib/i18n'
import { useMay } from '../lib/roles'
import { useConsole } from '../lib/store'
import { useBusy } from '../lib/useBusy'
import { Link } from '../lib/Link'
import { ErrorNotice } from '../lib/ErrorNotice'
import { fetchEvent } from '../events/api'
import { fetchPolicy, savePolicy } from './api'
import { formOf, policyOf, policyRules, type PolicyForm } from './policy-form'
import { ReasonsField } from './ReasonsField'

const h2 = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>

export function TravelPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const may = useMay()
  const lang = useConsole((s) => s.lang)
  const { message } = App.useApp()
  const [form] = Form.useForm<PolicyForm>()
  const [event, setEvent] = useState<AdminEvent | null>(null)
  const [saved, setSaved] = useState<boolean | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const { busy, error, run } = useBusy()
  const rules = policyRules(t)

  useEffect(() => {
    Promise.all([fetchEvent(eventCode), fetchPolicy(eventCode)]).then(
      ([e, p]) => {
        setEvent(e)
        setSaved(p.saved)
        form.setFieldsValue(formOf(p.policy))
      },
      (e: Error) => setLoadError(e.message),
    )
  }, [eventCode, form])

  const editable = !!event && may(event.myRole, 'travel.edit')
  const submit = (values: PolicyForm) =>
    run(async () => {
      const r = await savePolicy(eventCode, policyOf({ ...form.getFieldsValue(true), ...values }))
      setSaved(r.saved)
      form.setFieldsValue(formOf(r.policy))
      message.success(t('common.saved'))
    })

  if (loadError) return <ErrorNotice message={loadError} />
  if (!event) return <Spin tip={t('common.loading')} />
  return (
    <Space direction='vertical' size='large' style={{ width: '100%', maxWidth: 960 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('travel.title', { code: eventCode })}
      </Typography.Title>
      <Link to='/'>{t('common.back')}</Link>
      {saved === false && <Typography.Paragraph type='secondary'>{t('travel.default')}</Typography.Paragraph>}
      <ErrorNotice message={error} />
      <Form<PolicyForm> form={form} layout='vertical' onFinish={submit} disabled={!editable || busy}>
        <Space direction='vertical' size='middle' style={{ width: '100%' }}>
          <Card size='small' title={h2(t('travel.section.general'))}>
            <Form.Item name='visibleProducts' label={t('travel.products')}>
              <Checkbox.Group options={(['train', 'flight'] as const).map((p) => ({ value: p, label: t(`travel.product.${p}`) }))} />
            </Form.Item>
            <Form.Item name='overPolicy' label={t('travel.overPolicy')} extra={t('travel.overPolicyHelp')}>
              <Radio.Group options={(['reason', 'block'] as const).map((m) => ({ value: m, label: t(`travel.overPolicy.${m}`) }))} />
            </Form.Item>
            <ReasonsField />
            <Form.Item name='payers' label={t('travel.payers')} rules={rules.payers}>
              <Checkbox.Group options={(['company', 'attendee'] as const).map((p) => ({ value: p, label: t(`travel.payer.${p}`) }))} />
            </Form.Item>
            <Form.Item name='rangeCities' label={t('travel.cities')} extra={t('travel.citiesHelp')} rules={rules.cities}>
              <Select mode='tags' tokenSeparators={[',', '，', '、', ' ']} open={false} aria-label={t('travel.cities')} />
            </Form.Item>
          </Card>
          <Card size='small' title={h2(t('travel.section.train'))}>
            {TRAIN_TYPES.map((type) => (
              <Form.Item key={type} name={['trainSeats', type]} label={t(`travel.trainType.${type}`)}>
                <Checkbox.Group options={SEAT_TYPES.map((s) => ({ value: s, label: SEAT_TYPE_NAMES[s][lang] }))} />
              </Form.Item>
            ))}
            <Form.Item name='trainRulesProfile' label={t('travel.trainRules')}>
              <Select
                style={{ maxWidth: 320 }}
                aria-label={t('travel.trainRules')}
                options={TRAIN_RULES_PROFILES.map((p) => ({ value: p, label: t(`travel.trainRules.${p}`) }))}
              />
            </Form.Item>
          </Card>
          <Card size='small' title={h2(t('travel.section.flight'))}>
            <Form.Item name='flightCabinClasses' label={t('travel.cabins')}>
              <Checkbox.Group options={CABIN_CLASSES.map((c) => ({ value: c, label: CABIN_CLASS_NAMES[c][lang] }))} />
            </Form.Item>
            <Form.Item name='flightMaxDiscountPercent' label={t('travel.discount')} extra={t('travel.discountHelp')} rules={rules.discount}>
              <InputNumber min={1} max={100} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name='flightMaxPriceYuan' label={t('travel.price')} extra={t('travel.priceHelp')} rules={rules.price}>
              <InputNumber min={1} precision={2} style={{ width: 200 }} />
            </Form.Item>
          </Card>
          {editable && (
            <Button type='primary' htmlType='submit' loading={busy}>
              {t('common.save')}
            </Button>
          )}
        </Space>
      </Form>
    </Space>
  )
}
