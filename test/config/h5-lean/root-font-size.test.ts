/**
 * The root font-size patch (config/taro-plugins/h5-lean/root-font-size.ts) replaces the rem script
 * Taro inlines in index.html with one that reads the viewport. It replaces only Taro 4.2.1's script
 * for this app's constants, character for character; this reads that script's template from the
 * installed Taro and fills in the constants as Taro does.
 */
import { ROOT_FONT_SIZE_SCRIPT, TARO_ROOT_FONT_SIZE_SCRIPT, withRootFontSizeScript } from '../../../config/taro-plugins/h5-lean/root-font-size'
import { installed } from './taro-entry'

const PATCH = 'config/taro-plugins/h5-lean/root-font-size.ts'

it("Taro's H5 webpack plugin still writes the root font-size script the patch replaces (designWidth 750, ratio 1)", () => {
  const source = installed('@tarojs/webpack5-runner/dist/webpack/H5WebpackPlugin.js')
  const template = /htmlScript = `([^`]+)`;/.exec(source)?.[1]
  if (!template) throw new Error(`${PATCH}: @tarojs/webpack5-runner/dist/webpack/H5WebpackPlugin.js has no \`htmlScript = \`…\`;\``)
  if (!source.includes('const rootValue = baseFontSize / options.deviceRatio[designWidth] * 2;'))
    throw new Error(`${PATCH}: H5WebpackPlugin.js no longer computes rootValue as baseFontSize / deviceRatio[designWidth] * 2`)
  const constants: Record<string, string> = { rootValue: '40', designWidth: '750', max: '40', min: '20' }
  const script = template.replace(/\$\{(\w+)\}/g, (_, name: string) => constants[name] ?? `\${${name}}`)
  if (script !== TARO_ROOT_FONT_SIZE_SCRIPT)
    throw new Error(`${PATCH}: Taro's root font-size script is now\n${script}\nexpected\n${TARO_ROOT_FONT_SIZE_SCRIPT}`)
})

/** the root font size a script sets, on a viewport of `width` × `height` whose <html> box is `contentHeight` high */
function fontSize(script: string, width: number, height: number, contentHeight: number): string {
  const style: { fontSize?: string } = {}
  const documentElement = { clientWidth: width, style, getBoundingClientRect: () => ({ width, height: contentHeight }) }
  const window = { document: { documentElement }, innerWidth: width, innerHeight: height, addEventListener: () => undefined }
  new Function('window', script)(window)
  return style.fontSize ?? ''
}

it("sets what Taro's sets on a full page, and the same while the page is still nearly empty", () => {
  expect(fontSize(ROOT_FONT_SIZE_SCRIPT, 412, 915, 915)).toBe(fontSize(TARO_ROOT_FONT_SIZE_SCRIPT, 412, 915, 915))
  expect(fontSize(ROOT_FONT_SIZE_SCRIPT, 412, 915, 915)).toMatch(/^21\.97/)
  // Taro's takes the content's height: 20px until the page has content
  expect(fontSize(TARO_ROOT_FONT_SIZE_SCRIPT, 412, 915, 100)).toBe('20px')
  expect(fontSize(ROOT_FONT_SIZE_SCRIPT, 412, 915, 100)).toMatch(/^21\.97/)
  expect(fontSize(ROOT_FONT_SIZE_SCRIPT, 1200, 900, 900)).toBe('40px')
})

it("puts ours in html-webpack-plugin's options, and stops on any other script", () => {
  expect(withRootFontSizeScript({ filename: 'index.html', script: TARO_ROOT_FONT_SIZE_SCRIPT })).toEqual({
    filename: 'index.html',
    script: ROOT_FONT_SIZE_SCRIPT,
  })
  expect(() => withRootFontSizeScript({ script: '' })).toThrow(
    /^config\/taro-plugins\/h5-lean\/root-font-size\.ts: Taro's root font-size script .* is not the one this patch replaces; expected !function/,
  )
})
