/** The frame of every page: the title, the main menu, the language switch, the user and logout. */
import type { ReactNode } from 'react'
import { Button, Layout, Menu, Space, Typography } from 'antd'
import { staffLogout } from '@contracts/admin/staff'
import { call } from '../lib/request'
import { useConsole } from '../lib/store'
import { useT } from '../lib/i18n'
import { href, navigate, usePath } from '../lib/router'
import { EventNav } from './EventNav'
import { sectionOf } from './event-sections'
import './shell.css'

const SECTIONS = [
  { key: '/events', label: 'nav.events' },
  { key: '/audit', label: 'nav.audit' },
  { key: '/account', label: 'nav.account' },
] as const

export function Shell({ children }: { children: ReactNode }) {
  const t = useT()
  const path = usePath()
  const { profile, lang, setLang, signOut } = useConsole()
  const selected = SECTIONS.find((s) => path.startsWith(s.key))?.key ?? '/events'
  // within an event's pages: its sections under the main menu
  const inEvent = sectionOf(path.split('?')[0])
  const logout = async () => {
    // the session ends on the server; whatever it answers, this browser forgets it
    await call(staffLogout, {}).catch(() => null)
    signOut()
    navigate('/', { replace: true })
  }
  return (
    <Layout className='console-layout'>
      <a className='console-skip' href='#main'>
        {t('app.skip')}
      </a>
      <Layout.Header className='console-header'>
        <Typography.Text strong className='console-title'>
          {t('app.title')}
        </Typography.Text>
        <nav aria-label={t('nav.menu')} className='console-nav'>
          <Menu
            mode='horizontal'
            theme='dark'
            selectedKeys={[selected]}
            items={SECTIONS.map((s) => ({
              key: s.key,
              label: (
                <a
                  href={href(s.key)}
                  onClick={(e) => {
                    e.preventDefault()
                    navigate(s.key)
                  }}
                >
                  {t(s.label)}
                </a>
              ),
            }))}
          />
        </nav>
        <Space className='console-user' wrap>
          <Typography.Text className='console-user-name'>
            {profile?.name} ({profile?.userName})
          </Typography.Text>
          <Button size='small' onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')} lang={lang === 'zh' ? 'en' : 'zh-CN'} title={t('lang.label')}>
            {t('lang.switchTo')}
          </Button>
          <Button size='small' onClick={logout}>
            {t('nav.logout')}
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content id='main' tabIndex={-1} className='console-content'>
        {inEvent && <EventNav eventCode={inEvent.eventCode} section={inEvent.section.path} />}
        {children}
      </Layout.Content>
    </Layout>
  )
}
