import type { Messages } from '../../types';

const profile: Messages['profile'] = {
  account: '账号信息',
  username: '用户名',
  nickName: '昵称',
  email: '邮箱',
  roles: '角色',
  userType: '用户类型',
  className: '报名批次',
  departmentName: '职业类别',
  endDate: '有效期至',
  empty: '—',
  defaultPassword: {
    title: '您仍在使用默认密码',
    text: '为保障账号安全，请在下方设置您自己的密码。',
  },
  password: {
    title: '修改密码',
    hint: '修改成功后，您的账号将在所有设备上退出登录，请使用新密码重新登录。',
    old: '当前密码',
    new: '新密码',
    confirm: '确认新密码',
    oldRequired: '请输入当前密码',
    newRequired: '请输入新密码',
    newTooShort: '新密码至少 {{min}} 位',
    newSameAsOld: '新密码不能与当前密码相同',
    confirmRequired: '请再次输入新密码',
    confirmMismatch: '两次输入的新密码不一致',
    submit: '修改密码',
    success: '密码已修改，请使用新密码重新登录。',
  },
};
export default profile;
