import Taro from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { useMemo, type ReactNode } from 'react'
import { useI18n } from '@/lib/i18n'
import { pressable } from '@/ui/pressable'
import './NavBar.scss'

interface Props {
  title: string
  /** false hides the back arrow (entry pages) */
  onBack?: (() => void) | false
  right?: ReactNode
}

/** where the bar sits: below the status bar and, on weapp, clear of WeChat's capsule menu */
interface BarGeometry {
  top: number
  /** height of the bar's row, px; null: the stylesheet's */
  height: number | null
  /** room kept free on the right for the capsule, px */
  right: number
}

/** pure, for tests: the bar's geometry from the status bar height, window width and capsule rect */
export function barGeometry(sys: { statusBarHeight?: number; windowWidth: number }, capsule: { top: number; height: number; left: number }): BarGeometry {
  const statusBarHeight = sys.statusBarHeight ?? 20
  // the row is centred on the capsule, as WeChat's own bar is
  const gap = Math.max(0, capsule.top - statusBarHeight)
  return { top: statusBarHeight, height: capsule.height + gap * 2, right: Math.max(0, sys.windowWidth - capsule.left) }
}

function currentBarGeometry(): BarGeometry {
  // if/else, not an early return: the build drops the branch of the other platform only then
  if (process.env.TARO_ENV === 'h5') {
    return { top: 0, height: null, right: 0 }
  } else {
    try {
      return barGeometry(Taro.getSystemInfoSync(), Taro.getMenuButtonBoundingClientRect())
    } catch {
      return { top: 20, height: null, right: 0 }
    }
  }
}

/** The custom navigation bar (spec §2: most pages draw their own). */
export function NavBar({ title, onBack, right }: Props) {
  const { t } = useI18n()
  const geometry = useMemo(currentBarGeometry, [])
  return (
    <View className='nav-bar' style={{ paddingTop: `${geometry.top}px`, paddingRight: `${geometry.right}px` }}>
      <View className='nav-bar__inner' style={geometry.height ? { height: `${geometry.height}px` } : undefined}>
        {onBack ? (
          <View className='nav-bar__back' {...pressable(onBack, { label: t('common.back') })}>
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
