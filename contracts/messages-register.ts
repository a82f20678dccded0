/** Server messages of registration: the form, followers, uploads, activities, password. */
import type { Lang } from './messages'

export const REGISTER_MESSAGES = {
  // --- activities (sub-events) ---
  /** a code that is not an activity of this event open for sign-up */
  EREG2001: { zh: '所选活动不存在或不可报名', en: 'This activity does not exist or is not open for sign-up' },
  /** {title}: the activity that has no place left */
  EREG2002: { zh: '活动“{title}”名额已满', en: 'The activity "{title}" is full' },
  /** {max}: the event's limit per attendee */
  EREG2003: { zh: '每位参会人最多可报名{max}个活动', en: 'You can sign up for at most {max} activities' },
  // --- registration ---
  EREG2004: { zh: '您已报名本次活动，请直接登录', en: 'You have already registered for this event, please log in' },
  EREG2005: { zh: '报名信息已不可修改', en: 'Your registration can no longer be changed' },
  EREG2006: { zh: '请选择参会类型', en: 'Please choose an attendee type' },
  EREG2007: { zh: '随行人员类型不存在', en: 'This type of fellow traveller does not exist' },
  /** {max}: followers of that type one attendee may bring */
  EREG2008: { zh: '该类随行人员最多{max}位', en: 'You can bring at most {max} fellow travellers of this type' },
  EREG2009: { zh: '附件已失效，请重新上传', en: 'An uploaded file is no longer available, please upload it again' },
  EREG2010: { zh: '您的账号未设置密码，请使用验证码登录', en: 'Your account has no password, please log in with a code' },
  /** {min}, {max}: the new password's length */
  EREG2011: { zh: '新密码需为{min}-{max}位，且包含字母和数字', en: 'The new password needs {min}-{max} characters with letters and digits' },
  EREG2013: { zh: '原密码错误', en: 'The old password is incorrect' },
  EREG2012: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  EREG2014: { zh: '该参会类型仅限主办方邀请，请选择其他类型', en: 'This attendee type is by invitation only: please choose another' },
  // --- the form's fields (spec §5; contracts/register-form.ts PROBLEM_MSG_IDS) ---
  EREG2101: { zh: '请填写必填项', en: 'Please fill in the required fields' },
  EREG2102: { zh: '请填写姓', en: 'Surname is required' },
  EREG2103: { zh: '请填写姓名', en: 'Name is required' },
  EREG2104: { zh: '请选择国家/地区', en: 'Nation is required' },
  EREG2105: { zh: '请选择省/市/区县', en: 'County is required' },
  EREG2106: { zh: '请填写详细地址', en: 'FullAddress is required' },
  EREG2107: { zh: '请填写邮政编码', en: 'The postcode is required' },
  EREG2108: { zh: '请输入区号', en: 'Please enter the area code' },
  EREG2109: { zh: '请输入座机号码', en: 'Please enter a landline' },
  EREG2110: { zh: '请输入传真号码', en: 'Please enter fax' },
  EREG2111: { zh: '请选择证件类型', en: 'Please select the ID type' },
  EREG2112: { zh: '请输入正确的证件号码', en: 'Please enter the correct ID number' },
  EREG2113: { zh: '请输入正确的邮政编码', en: 'Please enter the correct postcode' },
  EREG2114: { zh: '请输入正确的邮箱', en: 'Please enter the correct e-mail' },
  EREG2115: { zh: '请输入正确的手机号码', en: 'Please enter the correct mobile phone number' },
  EREG2116: { zh: '电话格式应为：国际区号-区号-号码-分机号', en: 'Phone format: international code - area code - number - extension' },
  EREG2117: { zh: '内容过长', en: 'This is too long' },
  EREG2118: { zh: '请从列表中选择', en: 'Please choose from the list' },
  EREG2119: { zh: '请填写随行人员的必填项', en: 'Please fill in the required fields for fellow travelers' },
  EREG2120: { zh: '请勾选协议', en: 'Please tick Protocol' },
  EREG2121: { zh: '请填写参会人的必填项', en: 'Please fill in the required fields for participants' },
  // --- uploads (spec §5) ---
  /** {formats}: the allowed extensions */
  EREG2201: { zh: '格式错误，仅支持{formats}', en: 'Format error: only {formats} allowed' },
  /** {mb}: the field's size limit */
  EREG2202: { zh: '附件大小不能超过{mb}MB', en: 'The file must not exceed {mb} MB' },
  /** {limits}: e.g. 100-4000 × 100-4000 px */
  EREG2203: { zh: '图片尺寸须在{limits}之间', en: 'The image must be {limits}' },
  EREG2204: { zh: '只能上传一个文件', en: 'Only one file can be uploaded' },
  /** {max}: spec §9 default 52 */
  EREG2205: { zh: '上传文件数量已达上限（{max}个）', en: 'You have reached the upload limit ({max} files)' },
  EREG2206: { zh: '文件为空', en: 'The file is empty' },
} as const satisfies Record<string, Record<Lang, string>>
