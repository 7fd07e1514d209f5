export default {
  greeting: {
    morning: 'Good morning, {{name}}',
    afternoon: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
  },
  roles: 'Roles: {{roles}}',
  shortcuts: 'Shortcuts',
  noShortcuts: 'No modules are open to your account yet. Ask an administrator for access.',
  comingSoonTitle: 'Coming in a later release',
  comingSoonText: 'This module is part of the plan but not built yet. Nothing here is stored.',
} as const;
