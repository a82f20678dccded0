/** The console: Ant Design in the user's language, the login until someone is logged in, then the shell and its pages. */
import { useEffect, useState } from 'react'
import { App as AntApp, Button, ConfigProvider, Result, Spin, type ThemeConfig } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import enUS from 'antd/locale/en_US'
import { getStaffProfile } from '@contracts/admin/staff'
import { ApiError, call } from '../lib/request'
import { keptProfile, useConsole } from '../lib/store'
import { useOnline } from '../lib/online'
import { useT } from '../lib/i18n'
import { LoginPage } from '../auth/LoginPage'
import { Shell } from './Shell'
import { Pages } from './Pages'

/**
 * Ant Design's default greys, link blue and error red fall below WCAG AA contrast (4.5:1) for
 * small text on white; these are the nearest shades that reach it.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    // antd derives a lighter hover, below 4.5:1 under white text: darker instead
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLink: '#0958d9',
    colorLinkHover: '#003eb3',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    // the palette antd derives from that darker green is grey-green: its own light tints instead
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
  components: { Menu: { darkItemSelectedBg: '#0958d9', darkItemColor: 'rgba(255, 255, 255, 0.85)' } },
}

export function App() {
  const lang = useConsole((s) => s.lang)
  useEffect(() => {
    document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN'
  }, [lang])
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
      <AntApp>
        <Gate />
      </AntApp>
    </ConfigProvider>
  )
}

/**
 * who is logged in: a kept token is checked (and its profile loaded) before any page shows; with no
 * network, the profile kept at its last load stands in until the network is back
 */
function Gate() {
  const { token, profile, setProfile } = useConsole()
  const t = useT()
  const online = useOnline()
  const [failure, setFailure] = useState<string | null>(null)
  const [unchecked, setUnchecked] = useState(false)
  const [round, setRound] = useState(0)
  useEffect(() => {
    // a session that ended is signed out by the request client (the login then says why); the
    // network failing keeps the session: the kept profile opens the pages that work offline (the
    // check-in desk), else the page offers to try again
    if (token && !profile)
      call(getStaffProfile, {}).then(setProfile, (e: Error) => {
        const kept = e instanceof ApiError && e.msgId === 'NETWORK' ? keptProfile() : null
        if (!kept) return setFailure(e.message)
        setProfile(kept)
        setUnchecked(true)
      })
  }, [token, profile, setProfile, round])
  useEffect(() => {
    // back online: the server's profile (roles changed meanwhile, or the session ended)
    if (online && unchecked)
      call(getStaffProfile, {}).then(
        (p) => (setProfile(p), setUnchecked(false)),
        () => undefined,
      )
  }, [online, unchecked, setProfile])
  useEffect(() => {
    document.title = t('app.title')
  }, [t])
  if (!token) return <LoginPage />
  if (!profile && failure)
    return (
      <Result
        status='warning'
        title={failure}
        extra={
          <Button
            type='primary'
            onClick={() => {
              setFailure(null)
              setRound((r) => r + 1)
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    )
  if (!profile) return <Spin fullscreen tip={t('common.loading')} />
  return (
    <Shell>
      <Pages />
    </Shell>
  )
}
