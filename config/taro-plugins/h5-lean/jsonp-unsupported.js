/**
 * Stands in for `jsonp-retry` in the H5 build (./polyfills.ts): Taro.request loads it for its
 * `jsonp` option, which no call of ours uses (src/lib/request.ts and src/lib/upload.ts POST JSON
 * to our own origin). Kept out of the first load; a JSONP request says so plainly.
 */
export default function jsonpUnsupported() {
  return Promise.reject(new Error('JSONP requests are not supported in this app (config/taro-plugins/h5-lean/jsonp-unsupported.js)'))
}
