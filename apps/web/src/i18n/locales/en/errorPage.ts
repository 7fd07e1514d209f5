export default {
  notFoundTitle: '404',
  notFoundText: 'The page you are looking for does not exist.',
  unauthorizedTitle: '401',
  unauthorizedText: 'You do not have access to this page. Ask an administrator if you need it.',
  /** A signed-in user opened a page their roles do not give them (docs/spec.md §2 sends them home). */
  noAccess: 'You have no access to “{{page}}”, so you were taken to the dashboard.',
  verificationFailed: 'Verification failed, please Login again.',
  rolesEmpty: 'getInfo: roles must be a non-null array!',
} as const;
