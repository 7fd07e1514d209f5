import type { Messages } from '../../types';

const login: Messages['login'] = {
  title: 'ログイン',
  subtitle: '職業技能検定オンライン試験',
  username: 'ユーザー名',
  usernamePlaceholder: 'ユーザー名・受験票番号・身分証番号',
  password: 'パスワード',
  captcha: '認証コード',
  captchaRefresh: '読み取りにくい場合はクリックして画像を更新',
  userType: 'ログイン区分',
  userTypes: { admin: '管理者', teacher: '教員／採点者', student: '受験者' },
  submit: 'ログイン',
  usernameRequired: 'ユーザー名を入力してください',
  passwordRequired: 'パスワードを入力してください',
  captchaRequired: '認証コードを入力してください',
  capsLock: 'Caps Lock がオンになっています',
  showPassword: 'パスワードを表示',
  defaultPasswordTitle: 'パスワードを変更してください',
  defaultPasswordText:
    '初期パスワードのままご利用中です。アカウントの安全のため、今すぐご自身のパスワードを設定してください。',
  changeNow: '今すぐ変更',
  later: 'あとで',
  mustChangeTitle: 'ご自身のパスワードを設定してください',
  mustChangeText:
    '初期パスワードでログインしています。初期パスワードは受験票に印刷されています。続行する前にご自身のパスワードを設定し、そのパスワードで再度ログインしてください。',
  passwordChanged: 'パスワードを変更しました。新しいパスワードでログインしてください。',
  problems: {
    credentials:
      'ユーザー名またはパスワードが正しくないか、このアカウントは上で選んだログイン区分ではログインできません（停止中または期限切れの場合もあります）。',
    captcha: '認証コードが正しくないか、有効期限が切れています。新しいコードを入力してください。',
    locked: '失敗回数が多すぎます。15分後に再度お試しいただくか、管理者にお問い合わせください。',
  },
};
export default login;
