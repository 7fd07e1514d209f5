import type { Messages } from '../../types';

const icons: Messages['icons'] = {
  searchPlaceholder: '按名称搜索图标',
  hint: '点击图标即可复制其代码。',
  shown: '显示图标：{{count}} 个',
  copied: '已复制 {{code}}',
  copyFailed: '复制到剪贴板失败',
  noMatch: '没有符合条件的图标',
};
export default icons;
