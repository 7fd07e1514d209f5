import type { Messages } from '../../types';

const errorPage: Messages['errorPage'] = {
  notFoundTitle: '404',
  notFoundText: 'お探しのページは存在しません。',
  unauthorizedTitle: '401',
  unauthorizedText:
    'このページへのアクセス権限がありません。必要な場合は管理者にお問い合わせください。',
  /** A signed-in user opened a page their roles do not give them (docs/spec.md §2 sends them home). */
  noAccess: '「{{page}}」へのアクセス権限がないため、ホームに移動しました。',
  verificationFailed: '認証に失敗しました。再度ログインしてください。',
  rolesEmpty: 'getInfo: ロールは空でない配列である必要があります。',
};
export default errorPage;
