import type { InLanguages } from './languages.js';

/** The certification results export's words (issue 26 §4). */
export interface CertificationExportTexts {
  fileName: string;
  sheet: string;
  /** Ticket number, name, batch, job type, level; then per component score and date; status. */
  columns: [string, string, string, string, string];
  score: string;
  date: string;
  source: string;
  statusColumn: string;
  status: { certified: string; failed: string; pending: string };
}

export const CERTIFICATION_EXPORT_TEXTS: InLanguages<CertificationExportTexts> = {
  zh: {
    fileName: '认定结果',
    sheet: '认定结果',
    columns: ['准考证号', '姓名', '报名批次', '申报工种', '等级'],
    score: '成绩',
    date: '日期',
    source: '来源',
    statusColumn: '认定状态',
    status: { certified: '已认定', failed: '未通过', pending: '待完成' },
  },
  en: {
    fileName: 'certification results',
    sheet: 'Certification',
    columns: ['Ticket number', 'Name', 'Batch', 'Job type', 'Level'],
    score: 'score',
    date: 'date',
    source: 'from',
    statusColumn: 'Status',
    status: { certified: 'Certified', failed: 'Failed', pending: 'Pending' },
  },
  es: {
    fileName: 'resultados de certificación',
    sheet: 'Certificación',
    columns: ['Número de boleta', 'Nombre', 'Grupo', 'Ocupación', 'Nivel'],
    score: 'nota',
    date: 'fecha',
    source: 'origen',
    statusColumn: 'Estado',
    status: { certified: 'Certificado', failed: 'No aprobado', pending: 'Pendiente' },
  },
  ja: {
    fileName: '認定結果',
    sheet: '認定結果',
    columns: ['受験番号', '氏名', '申込バッチ', '受験職種', '等級'],
    score: '得点',
    date: '日付',
    source: '出典',
    statusColumn: '認定状況',
    status: { certified: '認定済み', failed: '不合格', pending: '未完了' },
  },
};
