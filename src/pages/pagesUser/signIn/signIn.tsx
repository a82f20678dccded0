import { useRouter } from '@tarojs/taro'
import { View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import { checkinUrl } from '@contracts/checkin'
import { useI18n } from '@/features/eventday/i18n'
import { navigateTo } from '@/lib/router/navigate'
import type { ReturnTo } from '@/lib/router/returnTo'
import { useAppStore } from '@/store'
import { PageLayout } from '@/ui/PageLayout'
import { Notice } from '@/ui/Notice'
import { CheckinPanel } from '@/features/eventday/components/CheckinPanel'
import { useCheckin } from '@/features/eventday/hooks/useCheckin'

/**
 * /signIn (public): where the poster's QR code leads when scanned with the phone's own camera
 * (`/signIn?ehc=…&ec=…&code=POINT-SIGNATURE`). Logged in, the code in the address is sent at once;
 * a guest is asked to log in first and comes back here with the code (`back`/`backQuery`,
 * lib/router/returnTo.ts), which is then sent: no second scan.
 */
function AutoCheckin({ ehc, code }: { ehc: string; code: string }) {
  const { submit } = useCheckin()
  const eventCode = useAppStore((s) => s.eventCode) ?? ''
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    // the address as the poster's QR code holds it: the same reading and checks as a scan
    void submit(checkinUrl('https://app', { eventHashCode: ehc, eventCode }, code))
  }, [ehc, code, eventCode, submit])
  return null
}

/** this page with the scanned code, as the login page's return (lib/router/returnTo.ts) */
const backHere = (code: string | undefined): ReturnTo => (code ? { back: 'signIn', backQuery: `code=${encodeURIComponent(code)}` } : { back: 'signIn' })

export default function SignInPage() {
  const { t } = useI18n()
  const { params } = useRouter()
  const token = useAppStore((s) => s.token)
  const ehc = params.ehc || params.eventHashCode || ''
  return (
    <PageLayout route='signIn'>
      <View className='ed-page'>
        {token ? (
          <>
            {params.code && ehc ? <AutoCheckin ehc={ehc} code={decodeURIComponent(params.code)} /> : null}
            <CheckinPanel />
          </>
        ) : (
          <Notice
            text={t('eventday.checkin.loginFirst')}
            action={{ label: t('eventday.checkin.goLogin'), onClick: () => void navigateTo('login', { ...backHere(params.code) }) }}
          />
        )}
      </View>
    </PageLayout>
  )
}
