import type { Messages } from '../../types';

const profile: Messages['profile'] = {
  account: 'アカウント情報',
  username: 'ユーザー名',
  nickName: '表示名',
  email: 'メールアドレス',
  roles: 'ロール',
  userType: 'ユーザー区分',
  className: '申込回次',
  departmentName: '職業分類',
  endDate: '有効期限',
  empty: '—',
  defaultPassword: {
    title: '初期パスワードのままご利用中です',
    text: 'アカウントの安全のため、下のフォームでご自身のパスワードを設定してください。',
  },
  password: {
    title: 'パスワード変更',
    hint: '変更後はすべての端末でログアウトされます。新しいパスワードで再度ログインしてください。',
    old: '現在のパスワード',
    new: '新しいパスワード',
    confirm: '新しいパスワード（確認）',
    oldRequired: '現在のパスワードを入力してください',
    newRequired: '新しいパスワードを入力してください',
    newTooShort: '新しいパスワードは {{min}} 文字以上にしてください',
    newSameAsOld: '新しいパスワードは現在のパスワードと異なるものにしてください',
    confirmRequired: '新しいパスワードをもう一度入力してください',
    confirmMismatch: '新しいパスワードが一致しません',
    submit: 'パスワードを変更',
    success: 'パスワードを変更しました。新しいパスワードで再度ログインしてください。',
  },
};
export default profile;
