// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "login.sessionEnded": "你的会话已结束，请重新登录。",
  "login.username": "用户名",
  "login.password": "密码",
  "login.code": "验证器代码",
  "login.codeHint": "首次登录时留空",
  "login.submit": "登录",
  "login.failed": "登录失败。",
  "login.enrolIntro": "设置双重验证：用验证器应用扫描此二维码，然后输入它显示的代码。",
  "login.enrolManual": "或在应用中手动输入此密钥：",
  "login.openApp": "在验证器应用中打开",
  "login.qrAlt": "验证器应用的二维码",
  "login.confirm": "确认",
  "password.old": "旧密码",
  "password.new": "新密码",
  "password.confirm": "确认新密码",
  "password.success": "修改密码成功",
  "password.failed": "修改密码失败。",
} satisfies Translation<typeof en>;
