import type { Messages } from '../../types';

const layout: Messages['layout'] = {
  toggleSidebar: '展开或收起菜单',
  menuSearch: '搜索菜单',
  fullscreen: '全屏',
  settings: '设置',
  userMenu: {
    profile: '个人中心',
    dashboard: '首页',
    logout: '退出登录',
    manual: '使用手册',
    deployment: '部署说明',
    expiry: '有效期至 {{date}}',
    noExpiry: '长期有效',
    open: '{{name}}：账号菜单',
  },
  tags: {
    refresh: '刷新',
    close: '关闭',
    closeOthers: '关闭其他',
    closeAll: '关闭所有',
  },
  settingsDrawer: {
    title: '页面风格设置',
    theme: '主题色',
    tagsView: '开启标签栏',
    fixedHeader: '固定头部',
    sidebarLogo: '侧边栏 Logo',
    pinyinSearch: '菜单拼音搜索',
    themeNote: '页头、开关等装饰使用所选颜色；文字和按钮使用更深的色调，以便在白色背景上清晰易读。',
  },
  errorLog: '错误日志',
};
export default layout;
