/**
 * A bar chart of echarts, drawn on a canvas and resized with its box (ResizeObserver). Only the
 * parts the console draws are registered (bars, a grid, a tooltip, the aria description), so the
 * chunk carries no other chart of echarts.
 */
import { useEffect, useRef } from 'react'
import { BarChart } from 'echarts/charts'
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components'
import { init, use, type ComposeOption, type EChartsType } from 'echarts/core'
import type { BarSeriesOption } from 'echarts/charts'
import type { AriaComponentOption, GridComponentOption, TooltipComponentOption } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

use([BarChart, GridComponent, TooltipComponent, AriaComponent, CanvasRenderer])

export type BarChartOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption | AriaComponentOption>

export function EChart({ option, height }: { option: BarChartOption; height: number }) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | null>(null)

  useEffect(() => {
    const el = box.current!
    chart.current = init(el, null, { renderer: 'canvas' })
    const resized = new ResizeObserver(() => chart.current?.resize())
    resized.observe(el)
    return () => {
      resized.disconnect()
      chart.current?.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true })
  }, [option])

  // echarts writes the option's aria description on this box as its aria-label
  return <div ref={box} role='img' style={{ width: '100%', height }} />
}
