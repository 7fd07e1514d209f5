import type { Messages } from '../../types';

const search: Messages['search'] = {
  open: '搜索菜单',
  placeholder: '搜索菜单',
  placeholderPinyin: '搜索菜单（支持拼音及首字母）',
  noMatch: '没有匹配的菜单',
};
export default search;
