/**
 * The reference for the console's first-load figure (`npm run bench`): the least an Ant Design
 * console page takes — React, antd's theme, a login form and a table — built by the same Vite.
 */
import { createRoot } from 'react-dom/client'
import { Button, ConfigProvider, Form, Input, Table } from 'antd'

function BarePage() {
  return (
    <ConfigProvider>
      <Form layout='vertical' onFinish={() => undefined}>
        <Form.Item label='user' name='user' rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Button type='primary' htmlType='submit'>
          log in
        </Button>
      </Form>
      <Table rowKey='id' columns={[{ title: 'name', dataIndex: 'name' }]} dataSource={[{ id: 1, name: 'a' }]} />
    </ConfigProvider>
  )
}

createRoot(document.getElementById('root')!).render(<BarePage />)
