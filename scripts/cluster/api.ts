/** Calls of the app as a client makes them (POST JSON, the envelope back), and what counts as a failed request. */
export interface Answer<T = unknown> {
  http: number
  status: number
  msgId: string
  data: T
}

export async function call<T = unknown>(base: string, path: string, body: object, token = ''): Promise<Answer<T>> {
  const res = await fetch(base + path, {
    method: 'POST',
    // a connection per call: nginx's graceful reload closes idle client connections, and where a
    // browser sends a request again whose reused connection closed before any answer, Node's fetch
    // does not for a POST; the suite counts the deployment's failures, not this client's reuse
    headers: { 'content-type': 'application/json', authorization: token, lang: 'en', connection: 'close' },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  try {
    const json = JSON.parse(text) as { status: number; msgId: string; data: T }
    return { http: res.status, status: json.status, msgId: json.msgId, data: json.data }
  } catch {
    return { http: res.status, status: 0, msgId: `HTTP${res.status}`, data: null as T }
  }
}

/** the data of a successful call, or an Error naming the msgId */
export async function must<T = unknown>(base: string, path: string, body: object, token = ''): Promise<T> {
  const a = await call<T>(base, path, body, token)
  if (a.http !== 200 || a.status !== 200) throw new Error(`${path}: HTTP ${a.http} ${a.msgId}`)
  return a.data
}

/**
 * Whether an answer is a failure of the deployment rather than an answer of the app: no answer at
 * all, an HTTP error (nginx's 502/504, a 503 of a closing instance), or the app's "server busy" /
 * "no such call". A refusal by a business rule (a seat gone, a policy) is an answer.
 */
export function failed(a: Answer | Error): string | null {
  if (a instanceof Error) return `no answer (${a.message})`
  if (a.http !== 200) return `HTTP ${a.http}`
  if (a.msgId === 'ESYS0001' || a.msgId === 'ESYS0002') return a.msgId
  return null
}
