/**
 * One day's arrivals as bars, with two text alternatives: echarts' aria description of the chart
 * (a sentence of the total and the peak) and a table of every bar, hidden from sight but read by
 * screen readers.
 */
import { useMemo } from 'react'
import type { ArrivalDay } from '@contracts/admin/dashboard'
import { useT } from '../lib/i18n'
import { EChart, type BarChartOption } from './EChart'

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const

/** the console's link blue, dark enough on white (App.tsx) */
const BAR_COLOUR = '#0958d9'

export function ArrivalsChart({ day, bucketMinutes }: { day: ArrivalDay; bucketMinutes: number }) {
  const t = useT()
  const title = t('dashboard.arrivalsOfDay', { day: day.day })
  const option = useMemo<BarChartOption>(() => {
    const peak = day.buckets.reduce((a, b) => (b.count > a.count ? b : a), day.buckets[0])
    const total = day.buckets.reduce((n, b) => n + b.count, 0)
    return {
      aria: {
        enabled: true,
        label: { description: t('dashboard.chartDescription', { day: day.day, minutes: bucketMinutes, total, peak: peak.start, max: peak.count }) },
      },
      grid: { left: 40, right: 16, top: 16, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: day.buckets.map((b) => b.start), axisLabel: { color: '#333' } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: '#333' } },
      series: [{ type: 'bar', name: t('dashboard.col.count'), data: day.buckets.map((b) => b.count), barMaxWidth: 40, itemStyle: { color: BAR_COLOUR } }],
    }
  }, [day, bucketMinutes, t])

  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ fontWeight: 600, marginBottom: 8 }}>{title}</figcaption>
      <EChart option={option} height={260} />
      <table style={VISUALLY_HIDDEN}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope='col'>{t('dashboard.col.time')}</th>
            <th scope='col'>{t('dashboard.col.count')}</th>
          </tr>
        </thead>
        <tbody>
          {day.buckets.map((b) => (
            <tr key={b.start}>
              <td>{b.start}</td>
              <td>{b.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
