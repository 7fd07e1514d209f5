import type { Messages } from '../../types';

const login: Messages['login'] = {
  title: '登录',
  subtitle: '职业技能等级认定在线考试',
  username: '用户名',
  usernamePlaceholder: '用户名、准考证号或身份证号',
  password: '密码',
  captcha: '验证码',
  captchaRefresh: '看不清？点击换一张',
  userType: '登录身份',
  userTypes: { admin: '管理员', teacher: '教师/阅卷员', student: '考生' },
  submit: '登录',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  captchaRequired: '请输入验证码',
  capsLock: '大写锁定已打开',
  showPassword: '显示密码',
  defaultPasswordTitle: '请修改密码',
  defaultPasswordText: '您仍在使用默认密码。为保障账号安全，请立即设置自己的密码。',
  changeNow: '立即修改',
  later: '稍后',
  mustChangeTitle: '请设置您自己的密码',
  mustChangeText:
    '您正在使用初始密码登录，初始密码印在准考证上。请先设置您自己的密码，然后用新密码重新登录。',
  passwordChanged: '密码已修改，请使用新密码登录。',
  problems: {
    credentials: '用户名或密码错误，或该账号不能以所选身份登录（也可能已停用或过期）。',
    captcha: '验证码错误或已过期，请输入新的验证码。',
    locked: '失败次数过多，请 15 分钟后再试，或联系管理员。',
  },
};
export default login;
