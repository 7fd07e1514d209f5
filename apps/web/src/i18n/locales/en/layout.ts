export default {
  toggleSidebar: 'Show or hide the menu',
  menuSearch: 'Search the menu',
  fullscreen: 'Full screen',
  settings: 'Settings',
  userMenu: {
    profile: 'Profile',
    dashboard: 'Dashboard',
    logout: 'Sign out',
    manual: 'Usage manual',
    deployment: 'Deployment notes',
    expiry: 'Valid until {{date}}',
    noExpiry: 'No expiry date',
    open: '{{name}}: account menu',
  },
  tags: {
    refresh: 'Refresh',
    close: 'Close',
    closeOthers: 'Close others',
    closeAll: 'Close all',
  },
  settingsDrawer: {
    title: 'Page style settings',
    theme: 'Theme colour',
    tagsView: 'Open tags view',
    fixedHeader: 'Fixed header',
    sidebarLogo: 'Sidebar logo',
    pinyinSearch: 'Pinyin menu search',
    themeNote:
      'The header, switches and other decoration show the colour you chose; text and buttons use a deeper shade of it so that they stay easy to read on white.',
  },
  errorLog: 'Error log',
} as const;
