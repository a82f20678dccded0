import Taro from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { useMemo, type ReactNode } from 'react'
import { useI18n } from '@/lib/i18n'
import './NavBar.scss'

interface Props {
  title: string
  /** false hides the back arrow (entry pages) */
  onBack?: (() => void) | false
  right?: ReactNode
}

/** The custom navigation bar (spec §2: most pages draw their own). On weapp it clears the status bar. */
export function NavBar({ title, onBack, right }: Props) {
  const { t } = useI18n()
  const top = useMemo(() => {
    if (process.env.TARO_ENV === 'h5') return 0
    try {
      return Taro.getSystemInfoSync().statusBarHeight ?? 20
    } catch {
      return 20
    }
  }, [])
  return (
    <View className='nav-bar' style={{ paddingTop: `${top}px` }}>
      <View className='nav-bar__inner'>
        {onBack ? (
          <View className='nav-bar__back' onClick={onBack} aria-label={t('common.back')} role='button'>
            <Text className='nav-bar__arrow'>‹</Text>
            <Text className='nav-bar__back-text'>{t('common.back')}</Text>
          </View>
        ) : (
          <View className='nav-bar__side' />
        )}
        <Text className='nav-bar__title'>{title}</Text>
        <View className='nav-bar__side nav-bar__side--right'>{right}</View>
      </View>
    </View>
  )
}
