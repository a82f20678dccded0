/**
 * What a page shows with no network: only the check-in desk works offline (its list is on the
 * phone, its files precached by the service worker); every other page says it needs the network
 * and shows itself once the browser is back online. A page whose files fail to load (the network
 * dropped before the browser noticed) says so too, with a reload, rather than leaving a blank page.
 */
import { Component, type ReactNode } from 'react'
import { Button, Result } from 'antd'
import { useT } from './i18n'
import { useOnline } from './online'

function OfflineNotice({ failed }: { failed: boolean }) {
  const t = useT()
  return (
    <Result
      status='warning'
      title={failed ? t('offline.failedTitle') : t('offline.title')}
      subTitle={failed ? t('offline.failed') : t('offline.page')}
      extra={
        failed && (
          <Button type='primary' onClick={() => window.location.reload()}>
            {t('offline.reload')}
          </Button>
        )
      }
      data-testid='offline-page'
    />
  )
}

class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? <OfflineNotice failed /> : this.props.children
  }
}

/** the page, or the offline notice when it needs the network and there is none */
export function OfflinePage({ worksOffline, children }: { worksOffline: boolean; children: ReactNode }) {
  const online = useOnline()
  if (!online && !worksOffline) return <OfflineNotice failed={false} />
  return <LoadFailure>{children}</LoadFailure>
}
