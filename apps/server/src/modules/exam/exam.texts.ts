import type { CandidateStatusCode, MakeUpWho, MessageLanguage } from '@kaoshi/shared';

/** The candidate export's words in each language. */
export const CANDIDATE_EXPORT_TEXTS: Record<
  MessageLanguage,
  {
    fileName: string;
    sheet: string;
    columns: string[];
    status: Record<CandidateStatusCode, string>;
  }
> = {
  zh: {
    fileName: '考生名单',
    sheet: '考生',
    columns: [
      '座位号',
      '准考证号',
      '姓名',
      '证件号码',
      '报名批次',
      '考试状态',
      '延时（分钟）',
      '成绩',
    ],
    status: { 0: '已交卷', 1: '已保存', 2: '考试中', 3: '未开始', 4: '考试中', 5: '已过期' },
  },
  en: {
    fileName: 'candidates',
    sheet: 'Candidates',
    columns: [
      'Seat',
      'Ticket number',
      'Name',
      'ID number',
      'Batch',
      'Status',
      'Extra minutes',
      'Score',
    ],
    status: {
      0: 'Submitted',
      1: 'Saved',
      2: 'In progress',
      3: 'Not started',
      4: 'In progress',
      5: 'Expired',
    },
  },
  es: {
    fileName: 'candidatos',
    sheet: 'Candidatos',
    columns: [
      'Asiento',
      'N.º de admisión',
      'Nombre',
      'N.º de documento',
      'Convocatoria',
      'Estado',
      'Minutos extra',
      'Nota',
    ],
    status: {
      0: 'Entregado',
      1: 'Guardado',
      2: 'En curso',
      3: 'Sin empezar',
      4: 'En curso',
      5: 'Caducado',
    },
  },
  ja: {
    fileName: '受験者一覧',
    sheet: '受験者',
    columns: [
      '座席番号',
      '受験番号',
      '氏名',
      '身分証番号',
      '申込回次',
      '状態',
      '延長（分）',
      '得点',
    ],
    status: { 0: '提出済み', 1: '保存済み', 2: '受験中', 3: '未開始', 4: '受験中', 5: '期限切れ' },
  },
};

/** A make-up exam's default name suffix, and the words for whom it is, per language. */
export const MAKE_UP_TEXTS: Record<
  MessageLanguage,
  { suffix: string; who: Record<MakeUpWho, string> }
> = {
  zh: { suffix: '（补考）', who: { failed: '不及格', absent: '缺考', both: '不及格或缺考' } },
  en: {
    suffix: ' (make-up)',
    who: { failed: 'failed', absent: 'absent', both: 'failed or absent' },
  },
  es: {
    suffix: ' (recuperación)',
    who: { failed: 'suspendidos', absent: 'ausentes', both: 'suspendidos o ausentes' },
  },
  ja: { suffix: '（追試）', who: { failed: '不合格', absent: '欠席', both: '不合格または欠席' } },
};
