import type { Messages } from '../../types';

const search: Messages['search'] = {
  open: 'メニューを検索',
  placeholder: 'メニューを検索',
  placeholderPinyin: 'メニューを検索（ピンインも可）',
  noMatch: '該当するメニューはありません',
};
export default search;
