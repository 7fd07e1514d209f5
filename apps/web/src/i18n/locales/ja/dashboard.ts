import type { Messages } from '../../types';

const dashboard: Messages['dashboard'] = {
  greeting: {
    morning: 'おはようございます、{{name}}さん',
    afternoon: 'こんにちは、{{name}}さん',
    evening: 'こんばんは、{{name}}さん',
  },
  roles: 'ロール：{{roles}}',
  shortcuts: 'ショートカット',
  noShortcuts:
    'ご利用のアカウントでは、まだ利用できる機能がありません。管理者にお問い合わせください。',
  comingSoonTitle: '今後のリリースで提供予定',
  comingSoonText: 'この機能は計画中で、まだ開発されていません。ここでは何も保存されません。',
};
export default dashboard;
