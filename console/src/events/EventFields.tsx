/** The fields of an event's settings, grouped as an organiser thinks of them. */
import { Checkbox, Col, Form, Input, Radio, Row, Select, Switch, Typography } from 'antd'
import { PERMISSION_TYPES, SOME_USER_TYPES } from '@contracts/admin/event-rules'
import { useT } from '../lib/i18n'
import { eventFormRules, required, text } from './form-rules'

const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Asia/Shanghai']

export function EventFields({ hasMicrosite }: { hasMicrosite: boolean }) {
  const t = useT()
  const rules = eventFormRules(t)
  const permissionType = Form.useWatch('permissionType')
  const half = { xs: 24, md: 12 }
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('form.section.basic')}
      </Typography.Title>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item label={t('form.eventCode')} name='eventCode' extra={t('form.eventCodeHelp')} rules={rules.eventCode}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label={t('form.eventHashCode')} name='eventHashCode' extra={t('form.eventHashCodeHelp')} rules={rules.eventHashCode}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label={t('form.titleZh')} name='titleZh' rules={[required(t, 'form.titleZh'), text(t, 'form.titleZh')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label={t('form.titleEn')} name='titleEn' rules={[required(t, 'form.titleEn'), text(t, 'form.titleEn')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label={t('form.venueZh')} name='venueZh' rules={[text(t, 'form.venueZh')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label={t('form.venueEn')} name='venueEn' rules={[text(t, 'form.venueEn')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.startTime')} name='startTime' extra={t('form.timesHelp')} rules={[required(t, 'form.startTime')]}>
            <Input type='datetime-local' />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.endTime')} name='endTime' dependencies={['startTime']} rules={rules.endTime}>
            <Input type='datetime-local' />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.timeZone')} name='timeZone' rules={[required(t, 'form.timeZone')]}>
            <Select showSearch options={ZONES.map((z) => ({ value: z, label: z }))} />
          </Form.Item>
        </Col>
      </Row>

      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('form.section.login')}
      </Typography.Title>
      <Form.Item label={t('form.loginModes')} name='loginModes' rules={rules.loginModes}>
        <Checkbox.Group options={(['mobile', 'email', 'account'] as const).map((m) => ({ value: m, label: t(`form.loginMode.${m}`) }))} />
      </Form.Item>
      <Form.Item label={t('form.loginExtraFields')} name='loginExtraFields'>
        <Checkbox.Group options={(['idNumber', 'visitingCode', 'roomNumber'] as const).map((f) => ({ value: f, label: t(`form.extra.${f}`) }))} />
      </Form.Item>

      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('form.section.microsite')}
      </Typography.Title>
      <Form.Item label={t('form.micrositeEnabled')} name='micrositeEnabled' valuePropName='checked' extra={hasMicrosite ? undefined : t('form.micrositeNone')}>
        <Switch disabled={!hasMicrosite} />
      </Form.Item>
      <Form.Item label={t('form.permissionType')} name='permissionType'>
        <Radio.Group options={PERMISSION_TYPES.map((p) => ({ value: p, label: t(`form.permission.${p}`) }))} />
      </Form.Item>
      {permissionType === SOME_USER_TYPES && (
        <Form.Item
          label={t('form.someUserTypes')}
          name='someUserTypes'
          extra={t('form.someUserTypesHelp')}
          dependencies={['permissionType']}
          rules={rules.someUserTypes}
        >
          <Select mode='tags' open={false} suffixIcon={null} />
        </Form.Item>
      )}

      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('form.section.share')}
      </Typography.Title>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item label={t('form.shareTitle')} name='shareTitle' rules={[text(t, 'form.shareTitle')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label={t('form.shareSubTitle')} name='shareSubTitle' rules={[text(t, 'form.shareSubTitle')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('form.sharePic')} name='sharePic' extra={t('form.sharePicHelp')} rules={rules.sharePic}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
    </>
  )
}
