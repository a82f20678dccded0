/** Server messages of the organisers' console: staff login and accounts, roles, event editing. */
import type { Lang } from '../messages'

export const ADMIN_MESSAGES = {
  // --- staff login and account ---
  ESTF1001: { zh: '请输入用户名', en: 'Please enter your user name' },
  ESTF1002: { zh: '请输入密码', en: 'Please enter your password' },
  /** the password was right and the account has an authenticator: the console asks for its code */
  ESTF1003: { zh: '请输入身份验证器中的6位动态码', en: 'Please enter the 6-digit code from your authenticator app' },
  ESTF1004: { zh: '动态码错误或已使用', en: 'The authenticator code is wrong or has been used' },
  ESTF1005: { zh: '原密码错误', en: 'The current password is incorrect' },
  /** {min}: the least number of characters */
  ESTF1006: {
    zh: '新密码至少{min}位，且须同时包含字母和数字',
    en: 'The new password needs at least {min} characters, with both letters and digits',
  },
  ESTF1007: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the current one' },
  ESTF1008: { zh: '身份验证器已启用', en: 'The authenticator is already on' },
  ESTF1009: { zh: '请先开始绑定身份验证器', en: 'Please start setting up the authenticator first' },
  ESTF1010: { zh: '身份验证器未启用', en: 'The authenticator is not on' },
  ESTF1011: { zh: '该账号已停用', en: 'This account is disabled' },
  // --- roles ---
  ESTF2001: { zh: '您在本活动的角色无权进行此操作', en: 'Your role at this event does not allow this' },
  ESTF2002: { zh: '仅平台管理员可进行此操作', en: 'Only a platform administrator may do this' },
  ESTF2003: { zh: '用户名须为3–32位小写字母、数字、点、横线或下划线', en: 'User names are 3–32 lower-case letters, digits, dots, hyphens or underscores' },
  ESTF2004: { zh: '该用户名已被使用', en: 'This user name is taken' },
  ESTF2005: { zh: '请填写姓名', en: 'Please fill in the name' },
  ESTF2006: { zh: '角色无效', en: 'Unknown role' },
  ESTF2007: { zh: '员工账号不存在', en: 'No staff member has this user name' },
  ESTF2008: { zh: '不能停用自己的账号', en: 'You cannot disable your own account' },
  // --- events ---
  EADM1001: { zh: '活动代码须为2–32位大写字母、数字、横线或下划线', en: 'The event code is 2–32 capital letters, digits, hyphens or underscores' },
  EADM1002: { zh: '活动链接代码须为2–64位小写字母、数字、横线或下划线', en: 'The event link code is 2–64 lower-case letters, digits, hyphens or underscores' },
  EADM1003: { zh: '该活动代码或链接代码已被使用', en: 'This event code or link code is already used' },
  EADM1004: { zh: '请填写中英文活动名称', en: 'Please fill in the event name in both languages' },
  EADM1005: { zh: '请填写正确的开始和结束时间', en: 'Please fill in a correct start and end time' },
  EADM1006: { zh: '结束时间须晚于开始时间', en: 'The end must come after the start' },
  EADM1007: { zh: '时区无效', en: 'Unknown time zone' },
  EADM1008: { zh: '请至少选择一种登录方式', en: 'Please choose at least one way to log in' },
  EADM1009: { zh: '微站权限类型须为1–4', en: 'The microsite access type is 1 to 4' },
  EADM1010: { zh: '权限类型4须至少指定一种参会人类型', en: 'Access type 4 needs at least one attendee type' },
  EADM1011: { zh: '分享图片须为 https 地址或本站 /files/ 下的文件', en: 'The share picture is an https address or a file under /files/ of this site' },
  EADM1013: { zh: '内容过长', en: 'This text is too long' },
  // --- registration review ---
  EADM2001: { zh: '请选择要审核的报名', en: 'Please choose the registrations to decide' },
  /** {max}: how many registrations one decision may take */
  EADM2002: { zh: '一次最多审核{max}条报名', en: 'At most {max} registrations can be decided at once' },
  EADM2003: { zh: '拒绝时请填写原因，原因会告知报名人', en: 'Please give a reason to reject: the attendee is told it' },
  EADM2004: { zh: '该报名已审核', en: 'This registration has been decided already' },
  // --- the attendee list ---
  EADM3001: { zh: '请填写参会人姓名', en: "Please fill in the attendee's name" },
  EADM3002: { zh: '请填写正确的手机号或邮箱（至少一项）', en: 'Please fill in a correct mobile number or e-mail address (at least one)' },
  EADM3003: { zh: '此人已在本活动的参会人名单中', en: 'This person is already on the attendee list of this event' },
  EADM3004: { zh: '该手机号和邮箱属于不同的人', en: 'This mobile number and this e-mail address belong to different people' },
  EADM3005: { zh: '参会人类型无效', en: 'Unknown attendee type' },
  // --- disabling an attendee at an event ---
  EADM3050: { zh: '该参会人在本活动已被停用', en: 'This attendee is already disabled at this event' },
  EADM3051: { zh: '该参会人在本活动未被停用', en: 'This attendee is not disabled at this event' },
  // --- attendee import and export ---
  /** {mb}: the largest file */
  EADM4001: { zh: '文件不能超过 {mb} MB', en: 'The file may be at most {mb} MB' },
  EADM4002: { zh: '文件为空', en: 'The file is empty' },
  EADM4003: { zh: '无法读取该文件，请上传 XLSX 或 CSV 表格', en: 'This file cannot be read: please upload an XLSX or CSV spreadsheet' },
  /** {max}: the most rows one file may hold */
  EADM4004: { zh: '一个文件最多 {max} 行参会人', en: 'A file may hold at most {max} attendee rows' },
  /** {columns}: the missing headers, in the caller's language */
  EADM4005: { zh: '缺少列：{columns}（请使用导入模板）', en: 'Missing columns: {columns} (please use the import template)' },
  /** {column}: the header as found */
  EADM4006: { zh: '无法识别的列：{column}（请使用导入模板）', en: 'Unknown column: {column} (please use the import template)' },
  EADM4007: { zh: '文件中没有参会人', en: 'The file holds no attendees' },
  EADM4008: { zh: '文件仍有问题，未导入任何参会人，请重新预览', en: 'The file still has problems: no attendee was imported. Please preview it again' },
  EADM4010: { zh: '请填写姓名', en: 'The name is empty' },
  /** {max}: the most characters */
  EADM4011: { zh: '不能超过 {max} 个字符', en: 'At most {max} characters' },
  EADM4012: { zh: '手机号不正确', en: 'Not a correct mobile number' },
  EADM4013: { zh: '邮箱不正确', en: 'Not a correct e-mail address' },
  EADM4014: { zh: '手机号和邮箱至少填写一项', en: 'Fill in a mobile number or an e-mail address (at least one)' },
  EADM4015: { zh: '参会人类型无效', en: 'Unknown attendee type' },
  EADM4016: { zh: '报名状态无效（审核中、已通过或已拒绝）', en: 'Unknown registration status (Under review, Approved or Rejected)' },
  /** {row}: the earlier row */
  EADM4017: { zh: '与第 {row} 行重复', en: 'Same as row {row}' },
  EADM4018: { zh: '此人已在本活动的参会人名单中', en: 'This person is already on the attendee list of this event' },
  EADM4019: { zh: '该手机号和邮箱属于不同的人', en: 'This mobile number and this e-mail address belong to different people' },
  // --- content: the registration form, agenda and microsite as JSON, the microsite's pictures ---
  /** {max}: the most characters a draft may have */
  EADM5001: { zh: '内容过长，最多{max}个字符', en: 'The text is too long: at most {max} characters' },
  /** a draft that is not JSON; {detail}: the parser's words, {line}/{column}: where */
  EADM5002: { zh: '不是有效的 JSON（第{line}行第{column}列）：{detail}', en: 'This is not valid JSON (line {line}, column {column}): {detail}' },
  EADM5003: { zh: '图片须为 JPG、PNG、GIF 或 WebP 格式', en: 'The picture must be a JPG, PNG, GIF or WebP image' },
  /** {kb}: the largest picture in KB */
  EADM5004: { zh: '图片不能超过{kb} KB', en: 'The picture must not be larger than {kb} KB' },
  EADM5005: { zh: '请选择要上传的图片', en: 'Please choose a picture to upload' },
  // --- the travel policy ---
  EADM6001: { zh: '请选择超标处理方式', en: 'Please choose what happens to an order outside the policy' },
  EADM6002: { zh: '车型或席别无效', en: 'Unknown train type or seat class' },
  EADM6003: { zh: '舱位无效', en: 'Unknown cabin class' },
  /** {min}, {max}: percent of the full fare */
  EADM6004: { zh: '折扣上限须为{min}–{max}（全价的百分比）', en: 'The discount cap is {min} to {max} percent of the full fare' },
  /** {min}, {max}: yuan */
  EADM6005: { zh: '票价上限须为{min}–{max}元', en: 'The price cap is {min} to {max} yuan' },
  EADM6006: { zh: '请至少选择一种支付方', en: 'Please choose at least one payer' },
  EADM6007: { zh: '可见产品无效', en: 'Unknown travel product' },
  /** {max}: the most cities */
  EADM6008: { zh: '城市须为铁路城市的中文名称，最多{max}个', en: 'Cities are railway city names in Chinese characters, at most {max}' },
  /** {city}: the name no railway station has */
  EADM6009: { zh: '没有车站的城市：{city}', en: 'No railway station is in the city {city}' },
  EADM6010: { zh: '铁路规则无效', en: 'Unknown railway rules' },
  /** {max}: the most reasons; {textMax}: the most characters of one */
  EADM6011: {
    zh: '超标原因最多{max}条，每条须填写中文和英文，各不超过{textMax}个字',
    en: 'At most {max} reasons, each in Chinese and in English, at most {textMax} characters each',
  },
  // --- printed badges ---
  /** {path}: the font file the server looked for */
  EADM7301: {
    zh: '服务器未安装胸卡字体：{path}（请安装 fonts-noto-cjk，或用 BADGE_FONT_DIR 指定字体目录）',
    en: 'The badge font is not installed on the server: {path} (install fonts-noto-cjk, or set BADGE_FONT_DIR to its folder)',
  },
  /** {count}: badges the filter gives; {max}: the most one PDF holds */
  EADM7302: {
    zh: '筛选结果有{count}张胸卡，一个文件最多{max}张，请缩小筛选范围后分批打印',
    en: 'The filter gives {count} badges; one file holds at most {max}. Please narrow the filter and print in batches',
  },
  EADM7303: {
    zh: '筛选结果中没有可打印胸卡的参会人（只打印已通过且未停用的参会人）',
    en: 'The filter gives no badges to print (only approved attendees who are not disabled get one)',
  },
  EADM7304: { zh: '胸卡尺寸无效', en: 'Unknown badge size' },
  // --- the check-in desk ---
  /** {max}: the most scans of one sync */
  EADM7001: { zh: '一次最多同步{max}条扫码记录', en: 'At most {max} scans can be sent at once' },
  EADM7002: { zh: '签到点不存在，请刷新后重新选择', en: 'This check-in point does not exist; please refresh and choose again' },
  EADM7003: { zh: '扫码记录编号无效', en: 'The scan id is not valid' },
  EADM7004: { zh: '扫码时间无效', en: 'The scan time is not valid' },
  EADM7005: { zh: '扫码记录编号已被其他扫码使用', en: 'This scan id belongs to another scan' },
  EADM7006: { zh: '请扫描或输入签到码', en: 'Please scan or type an attendance code' },
  // --- the travel desk ---
  EADM7401: { zh: '只有待支付的订单可以取消', en: 'Only an unpaid order can be cancelled' },
  EADM7402: { zh: '该订单现在不能退款：没有可退的票或款项', en: 'This order cannot be refunded now: no ticket or money is left to give back' },
  EADM7403: { zh: '该订单没有出票失败的任务可重试', en: 'This order has no failed ticketing to retry' },
  EADM7405: { zh: '该订单的退款已在处理中', en: 'A refund of this order is already under way' },
  // --- notices to attendees ---
  EADM7201: { zh: '请填写中文和英文通知内容', en: 'Please write the notice in both Chinese and English' },
  /** {max}: the most characters of one template */
  EADM7202: { zh: '通知内容每种语言不超过{max}个字', en: 'Each language of the notice is at most {max} characters' },
  EADM7203: { zh: '没有可以收到此通知的参会人', en: 'No attendee can receive this notice' },
  /** {max}: the most attendees of one notice */
  EADM7204: { zh: '一次通知最多发送给{max}位参会人，请缩小范围', en: 'One notice reaches at most {max} attendees: please narrow the filter' },
  /** the subject of a notice sent by e-mail; {event}: the event's name */
  EADM7210: { zh: '{event}：参会通知', en: 'A notice from {event}' },
  // --- the travel desk's reconciliation with WeChat Pay's trade bill ---
  EADM7501: { zh: '请选择正确的日期（年-月-日）', en: 'Please pick valid dates (year-month-day)' },
  EADM7502: { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  /** {max}: TRAVEL_DESK_RULES.reconcileMaxDays */
  EADM7503: { zh: '一次最多对账{max}天', en: 'At most {max} days can be reconciled at once' },
  /** {days}: TRAVEL_DESK_RULES.reconcileHistoryDays */
  EADM7504: { zh: '微信支付只提供最近{days}天的账单', en: 'WeChat Pay keeps the bills of the last {days} days only' },
  EADM7505: { zh: '不能对账今天之后的日期', en: 'Days after today cannot be reconciled' },
  /** {date}: the day whose bill WeChat Pay has not made yet */
  EADM7506: { zh: '{date}的微信支付账单尚未生成，请稍后再试', en: 'WeChat Pay has not made the bill of {date} yet; please try again later' },
  EADM7507: { zh: '暂时无法获取微信支付账单，请稍后再试', en: 'WeChat Pay’s bill could not be fetched; please try again later' },
  EADM7508: { zh: '本系统未启用微信支付，没有可对账的账单', en: 'WeChat Pay is not on here: there is no bill to reconcile' },
} as const satisfies Record<string, Record<Lang, string>>
