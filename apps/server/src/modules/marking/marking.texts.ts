import type { MessageLanguage } from '@kaoshi/shared';

/** What a score-log entry records (score_log.kind). */
export type ScoreLogKind = 'mark' | 'revise' | 'final' | 'arbitration' | 'audit' | 'key';

/** The score log export's words in each language. */
export const SCORE_LOG_EXPORT_TEXTS: Record<
  MessageLanguage,
  {
    fileName: string;
    sheet: string;
    columns: string[];
    kinds: Record<ScoreLogKind, string>;
    /** Who set a score the system computed (the mean of two marks). */
    system: string;
  }
> = {
  zh: {
    fileName: '评分记录',
    sheet: '评分记录',
    columns: ['时间', '题目', '匿名编号', '类型', '原分数', '新分数', '原因', '操作人'],
    kinds: {
      mark: '评分',
      revise: '改分',
      final: '最终得分',
      arbitration: '仲裁',
      audit: '抽查退回',
      key: '答案更正',
    },
    system: '系统',
  },
  en: {
    fileName: 'score-log',
    sheet: 'Score log',
    columns: [
      'Time',
      'Question',
      'Anonymous code',
      'Kind',
      'Old score',
      'New score',
      'Reason',
      'User',
    ],
    kinds: {
      mark: 'Mark',
      revise: 'Revision',
      final: 'Final score',
      arbitration: 'Arbitration',
      audit: 'Sent back by the audit',
      key: 'Key correction',
    },
    system: 'System',
  },
  es: {
    fileName: 'registro-de-notas',
    sheet: 'Registro de notas',
    columns: [
      'Hora',
      'Pregunta',
      'Código anónimo',
      'Tipo',
      'Nota anterior',
      'Nota nueva',
      'Motivo',
      'Usuario',
    ],
    kinds: {
      mark: 'Calificación',
      revise: 'Revisión',
      final: 'Nota final',
      arbitration: 'Arbitraje',
      audit: 'Devuelta por la revisión',
      key: 'Corrección de clave',
    },
    system: 'Sistema',
  },
  ja: {
    fileName: '採点記録',
    sheet: '採点記録',
    columns: ['日時', '設問', '匿名番号', '種類', '変更前の点数', '変更後の点数', '理由', '操作者'],
    kinds: {
      mark: '採点',
      revise: '点数修正',
      final: '最終得点',
      arbitration: '裁定',
      audit: '抜き取り審査で差し戻し',
      key: '正答訂正',
    },
    system: 'システム',
  },
};
