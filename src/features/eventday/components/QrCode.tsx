import { View } from '@tarojs/components'
import QRCode from 'qrcode'
import { useMemo } from 'react'
import './eventday.scss'

/**
 * A QR code drawn with plain views (rows of dark and light runs), the same on weapp and H5: no
 * canvas, no image data URI the mini-program might refuse, crisp at any size. Medium error
 * correction and a four-module quiet zone, as scanners expect.
 */
export function QrCode({ text, size = 480 }: { text: string; size?: number }) {
  const rows = useMemo(() => {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
    const n = qr.modules.size
    const out: Array<Array<{ dark: boolean; len: number }>> = []
    for (let y = 0; y < n; y++) {
      const runs: Array<{ dark: boolean; len: number }> = []
      for (let x = 0; x < n; x++) {
        const dark = !!qr.modules.get(y, x)
        const last = runs[runs.length - 1]
        if (last && last.dark === dark) last.len++
        else runs.push({ dark, len: 1 })
      }
      out.push(runs)
    }
    return out
  }, [text])
  const quiet = 4
  const modules = rows.length + quiet * 2
  // whole pixels per module: a fractional size blurs module edges and hurts decoding
  const cell = Math.max(2, Math.floor(size / 2 / modules))
  const px = (n: number) => `${n * cell}px`
  return (
    <View className='qr-code' style={{ padding: px(quiet), background: '#fff', display: 'inline-block', lineHeight: 0 }} aria-label={text}>
      {rows.map((runs, y) => (
        <View key={y} style={{ display: 'flex', height: px(1) }}>
          {runs.map((r, i) => (
            <View key={i} style={{ width: px(r.len), height: px(1), background: r.dark ? '#000' : '#fff' }} />
          ))}
        </View>
      ))}
    </View>
  )
}
