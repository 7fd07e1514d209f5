import type { Messages } from '../../types';

const layout: Messages['layout'] = {
  toggleSidebar: 'メニューの表示／非表示',
  menuSearch: 'メニューを検索',
  fullscreen: '全画面表示',
  settings: '設定',
  userMenu: {
    profile: 'マイページ',
    dashboard: 'ホーム',
    logout: 'ログアウト',
    manual: '利用マニュアル',
    deployment: '導入手順',
    expiry: '有効期限：{{date}}',
    noExpiry: '無期限',
    open: '{{name}}：アカウントメニュー',
  },
  tags: {
    refresh: '再読み込み',
    close: '閉じる',
    closeOthers: '他のタブを閉じる',
    closeAll: 'すべて閉じる',
  },
  settingsDrawer: {
    title: 'ページスタイル設定',
    theme: 'テーマカラー',
    tagsView: 'タブバーを表示',
    fixedHeader: 'ヘッダーを固定',
    sidebarLogo: 'サイドバーにロゴを表示',
    pinyinSearch: 'ピンインでメニューを検索',
    themeNote:
      'ヘッダーやスイッチなどの装飾には選んだ色を使います。文字とボタンは白い背景でも読みやすいよう、より濃い色合いで表示します。',
  },
  errorLog: 'エラーログ',
};
export default layout;
