import { Image, View } from '@tarojs/components'
import { useEffect, useState } from 'react'

interface Props {
  /** what the code holds (WeChat Pay's Native code_url) */
  value: string
  /** what a screen reader says instead of the picture */
  label: string
}

/** `value` as an SVG QR code (H5 only: the mini-program pays in WeChat's own cashier) */
export function QrCode({ value, label }: Props) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    // a constant condition at build time: the mini-program bundle leaves the QR library out
    if (process.env.TARO_ENV === 'h5') {
      void import('qrcode').then(async (qr) => {
        const svg = await qr.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
      })
    }
    return () => {
      live = false
    }
  }, [value])
  return <View className='pay-qr'>{src && <Image className='pay-qr__image' src={src} aria-label={label} mode='aspectFit' />}</View>
}
