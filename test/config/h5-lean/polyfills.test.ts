/**
 * The polyfills patch (config/taro-plugins/h5-lean/polyfills.ts) aliases away the fetch and
 * AbortController polyfills and the JSONP helper Taro.request imports. It must still find those
 * imports in Taro's request module as in Taro 4.2.1.
 */
import path from 'path'
import { checkTaroRequest, polyfillAliases } from '../../../config/taro-plugins/h5-lean/polyfills'
import { root } from './taro-entry'

it("@tarojs/taro-h5's request module still imports the polyfills and the JSONP helper the patch takes out", () => {
  // throws "config/taro-plugins/h5-lean/polyfills.ts: @tarojs/taro-h5/dist/api/network/request/index.js does not have …"
  expect(() => checkTaroRequest(path.join(root, 'node_modules', '@tarojs', 'taro-h5'))).not.toThrow()
})

it('names the patch and the imports it expects when they are gone', () => {
  expect(() => checkTaroRequest(path.join(root, 'node_modules', '@tarojs', 'taro'))).toThrow(
    /^config\/taro-plugins\/h5-lean\/polyfills\.ts: .* does not have import 'whatwg-fetch';/,
  )
})

it('the JSONP stub refuses plainly', async () => {
  const stub = polyfillAliases()['jsonp-retry$'] as string
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const jsonp = (require(stub) as { default: () => Promise<unknown> }).default
  await expect(jsonp()).rejects.toThrow(/JSONP requests are not supported/)
})
