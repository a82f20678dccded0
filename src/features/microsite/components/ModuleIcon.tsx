import { Image, View } from '@tarojs/components'
import { API_BASE_URL } from '@/lib/request'
import { assetUrl } from '../model/richNodes'

/** a module's picture on its colour (the colour alone when it has none) */
export function ModuleIcon({ icon, color, className }: { icon: string; color: string; className: string }) {
  return (
    <View className={className} style={{ backgroundColor: color }}>
      {icon ? <Image className={`${className}-img`} src={assetUrl(icon, API_BASE_URL)} mode='aspectFit' /> : null}
    </View>
  )
}
