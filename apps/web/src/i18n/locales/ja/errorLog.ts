import type { Messages } from '../../types';

const errorLog: Messages['errorLog'] = {
  title: 'エラーログ',
  columns: { message: 'メッセージ', url: 'ページ', info: '詳細', time: '日時' },
  stack: 'スタックトレース',
  clear: 'ログを消去',
  empty: '記録されたエラーはありません',
  boundary: {
    title: 'このページでエラーが発生しました',
    text: 'ページを再読み込みしてください。再度発生する場合は管理者にお知らせください。',
    reload: 'ページを再読み込み',
  },
};
export default errorLog;
