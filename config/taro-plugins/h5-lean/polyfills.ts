import fs from 'fs'
import path from 'path'

/**
 * Patch `polyfills`: Taro.request imports fetch and AbortController polyfills at load; every
 * browser of our browserslist has both (package.json; checked against caniuse), so they are not
 * shipped. Its JSONP helper goes too (no call of ours asks for JSONP): a stub that refuses
 * (./jsonp-unsupported.js).
 */

const PATCH = 'config/taro-plugins/h5-lean/polyfills.ts'

/** the module of @tarojs/taro-h5 that imports them */
export const TARO_REQUEST = 'dist/api/network/request/index.js'
/** the imports of Taro's request module the patch empties or stubs */
export const POLYFILL_IMPORTS = [
  "import 'whatwg-fetch';",
  "import 'abortcontroller-polyfill/dist/abortcontroller-polyfill-only';",
  "import jsonpRetry from 'jsonp-retry';",
]

/** webpack resolve aliases: the polyfills an empty module, the JSONP helper the stub */
export function polyfillAliases(): Record<string, string | false> {
  return {
    'whatwg-fetch$': false,
    'abortcontroller-polyfill/dist/abortcontroller-polyfill-only$': false,
    'jsonp-retry$': path.join(__dirname, 'jsonp-unsupported.js'),
  }
}

/** Throws, naming this patch and the imports it expects, when Taro's request module (in `taroH5`, the package folder) no longer has them */
export function checkTaroRequest(taroH5: string): void {
  const file = path.join(taroH5, TARO_REQUEST)
  const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  const missing = POLYFILL_IMPORTS.filter((line) => !source.includes(line))
  if (missing.length)
    throw new Error(`${PATCH}: @tarojs/taro-h5/${TARO_REQUEST} does not have ${missing.join(' ')} (expected all of: ${POLYFILL_IMPORTS.join(' ')})`)
}
