/**
 * The console's one request client: a POST of the body to the declaration's path, with the staff
 * token and the language, and the envelope unwrapped. A failure rejects with ApiError, whose text is
 * the server's, in the user's language; a session that ended sends the user back to the login.
 */
import type { Call } from '@contracts/call'
import { STATUS_OK, type Envelope } from '@contracts/envelope'
import { SESSION_EXPIRED_MSG_IDS, type MsgId } from '@contracts/messages'
import { consoleState } from './store'

export class ApiError extends Error {
  constructor(
    readonly msgId: string,
    message: string,
  ) {
    super(message)
  }
}

export async function call<Req, Res>(decl: Call<Req, Res>, body: Req): Promise<Res> {
  const { token, lang } = consoleState()
  let res: Response
  try {
    res = await fetch(decl.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang, ...(token && decl.auth === 'staff' ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    })
  } catch {
    throw new ApiError('NETWORK', lang === 'en' ? 'The network is not available, please try again' : '网络不可用，请重试')
  }
  const env = (await res.json().catch(() => null)) as Envelope<Res> | null
  if (!env) throw new ApiError('HTTP', lang === 'en' ? `The server answered ${res.status}` : `服务器返回 ${res.status}`)
  if (env.status !== STATUS_OK) {
    if (decl.auth === 'staff' && SESSION_EXPIRED_MSG_IDS.includes(env.msgId as MsgId)) consoleState().signOut(env.msgText)
    throw new ApiError(env.msgId, env.msgText)
  }
  return env.data as Res
}
