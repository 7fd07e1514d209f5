import type { Messages } from '../../types';

const errorPage: Messages['errorPage'] = {
  notFoundTitle: '404',
  notFoundText: '您访问的页面不存在。',
  unauthorizedTitle: '401',
  unauthorizedText: '您没有访问此页面的权限。如有需要，请联系管理员。',
  /** A signed-in user opened a page their roles do not give them (docs/spec.md §2 sends them home). */
  noAccess: '您没有访问“{{page}}”的权限，已为您转到首页。',
  verificationFailed: '验证失败，请重新登录。',
  rolesEmpty: 'getInfo: 角色必须是非空数组！',
};
export default errorPage;
