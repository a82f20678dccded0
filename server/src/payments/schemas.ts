import { z } from 'zod'
import { WX_CODE_SOURCES } from '@contracts/wx-code'

/** a JSAPI pay request's code kind (contracts/wx-code.ts); absent: a wx.login code */
export const WxCodeSourceField = z.enum(WX_CODE_SOURCES, { error: 'EVAL0001' }).optional()
