import type { Messages } from '../../types';

const icons: Messages['icons'] = {
  searchPlaceholder: '名前でアイコンを検索',
  hint: 'アイコンをクリックするとコードをコピーします。',
  shown: '表示中のアイコン：{{count}} 件',
  copied: '{{code}} をコピーしました',
  copyFailed: 'クリップボードにコピーできませんでした',
  noMatch: '該当するアイコンはありません',
};
export default icons;
