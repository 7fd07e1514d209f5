import type { Messages } from '../../types';

const dashboard: Messages['dashboard'] = {
  greeting: {
    morning: '早上好，{{name}}',
    afternoon: '下午好，{{name}}',
    evening: '晚上好，{{name}}',
  },
  roles: '角色：{{roles}}',
  shortcuts: '快捷入口',
  noShortcuts: '您的账号暂未开通任何功能，请联系管理员。',
  comingSoonTitle: '后续版本提供',
  comingSoonText: '此功能已在规划中，尚未开发。此处不会保存任何内容。',
};
export default dashboard;
