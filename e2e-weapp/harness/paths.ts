import path from 'node:path'

/** repository root and the compiled mini-program the harness runs */
export const ROOT = path.resolve(__dirname, '..', '..')
export const DIST = path.join(ROOT, 'dist', 'weapp')

/**
 * The API origin the harness build is compiled with (TARO_APP_API_BASE_URL). It is a name that
 * can never resolve (RFC 6761 `.test`) and https like every address WeChat accepts, so:
 *  - the build is independent of the port the test server happens to get (no fixed port to clash
 *    with another run), and one build serves every run;
 *  - the harness's wx.request accepts exactly this origin, as WeChat accepts only the request
 *    domains registered for the AppID, and forwards it to the test server. A request to any other
 *    address (an empty base URL gives a bare `/api/...`) fails as it would on a phone.
 */
export const HARNESS_API_ORIGIN = 'https://api.weapp-harness.test'
