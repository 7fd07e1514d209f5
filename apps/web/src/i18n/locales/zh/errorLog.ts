import type { Messages } from '../../types';

const errorLog: Messages['errorLog'] = {
  title: '错误日志',
  columns: { message: '错误信息', url: '页面地址', info: '详情', time: '时间' },
  stack: '错误堆栈',
  clear: '清空日志',
  empty: '暂无错误记录',
  boundary: {
    title: '页面出错了',
    text: '请刷新页面后继续。如果问题再次出现，请联系管理员。',
    reload: '刷新页面',
  },
};
export default errorLog;
