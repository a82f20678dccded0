/**
 * Patch `rootFontSize`: Taro's root font-size script (rem units, inlined in index.html) with one
 * fix. Taro's takes min(width, height) of the <html> box, whose height is the CONTENT's, so a resize
 * event while the page is still nearly empty (Chromium fires one as the page loads) sets 20px, and
 * the re-run 500 ms later 21.97px on a 412px phone: every rem box on screen grows at once, a layout
 * shift of 0.16 on home (Lighthouse CLS). Here the viewport's width and height are used, as meant.
 *
 * The patch replaces the script Taro hands html-webpack-plugin only when it is, character for
 * character, Taro's script for this app's constants (designWidth 750, ratio 1: 40 / 750, clamped
 * to 20–40px); anything else stops the build.
 */

const PATCH = 'config/taro-plugins/h5-lean/root-font-size.ts'

/**
 * Taro's own script (@tarojs/webpack5-runner dist/webpack/H5WebpackPlugin.js `getHtmlWebpackPlugin`)
 * for rootValue 40, designWidth 750, max 40px, min 20px
 */
export const TARO_ROOT_FONT_SIZE_SCRIPT =
  '!function(n){function f(){var e=n.document.documentElement,r=e.getBoundingClientRect(),width=r.width,height=r.height,arr=[width,height].filter(function(value){return Boolean(value)}),w=Math.min.apply(Math,arr),x=40*w/750;e.style.fontSize=x>=40?"40px":x<=20?"20px":x+"px"}; n.addEventListener("resize",(function(){f();setTimeout(f,500)})),f()}(window);'

/** the same constants, the viewport's width and height */
export const ROOT_FONT_SIZE_SCRIPT =
  '!function(n){function f(){var e=n.document.documentElement,w=Math.min.apply(Math,[e.clientWidth||n.innerWidth,n.innerHeight].filter(Boolean)),x=40*w/750;e.style.fontSize=x>=40?"40px":x<=20?"20px":x+"px"}n.addEventListener("resize",function(){f();setTimeout(f,500)}),f()}(window);'

/** html-webpack-plugin's options as Taro passes them: our script in place of Taro's */
export function withRootFontSizeScript<T extends { script?: unknown }>(options: T): T {
  if (options.script !== TARO_ROOT_FONT_SIZE_SCRIPT) {
    throw new Error(
      `${PATCH}: Taro's root font-size script (htmlWebpackPlugin's \`script\` option) is not the one this patch replaces; ` +
        `expected ${TARO_ROOT_FONT_SIZE_SCRIPT}\ngot ${String(options.script)}`,
    )
  }
  return { ...options, script: ROOT_FONT_SIZE_SCRIPT }
}
