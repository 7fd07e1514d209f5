import type { InLanguages } from './languages.js';

/** The printed 评分记录表 (getSheetPdf): its labels in the requester's language. */
export const SKILL_SHEET_PDF_TEXTS: InLanguages<{
  title: string;
  assessment: string;
  candidate: string;
  ticket: string;
  station: string;
  timeLimit: string;
  minutes: string;
  overtimeRule: string;
  task: string;
  item: string;
  criteria: string;
  points: string;
  veto: string;
  vetoHit: string;
  deduct: string;
  total: string;
  overtime: string;
  notes: string;
  finalScore: string;
  pending: string;
  decision: string;
  examiner: string;
  chief: string;
  checker: string;
  signedAt: string;
  notSigned: string;
  reopened: string;
  photos: string;
  noPhotos: string;
  fileName: string;
}> = {
  zh: {
    title: '操作技能考核评分记录表',
    assessment: '考核',
    candidate: '考生',
    ticket: '准考证号',
    station: '工位',
    timeLimit: '考核时限',
    minutes: '分钟',
    overtimeRule: '超时每分钟扣 {points} 分，超时 {stop} 分钟停止考核',
    task: '试题',
    item: '考核内容',
    criteria: '评分标准',
    points: '配分',
    veto: '否定项',
    vetoHit: '否定项成立',
    deduct: '扣分',
    total: '合计',
    overtime: '超时（分钟）',
    notes: '备注',
    finalScore: '最终得分',
    pending: '未定',
    decision: '考评组长裁定',
    examiner: '考评员',
    chief: '考评组长',
    checker: '核分员',
    signedAt: '签名时间',
    notSigned: '未签名',
    reopened: '已退回',
    photos: '照片',
    noPhotos: '无照片',
    fileName: '评分记录表',
  },
  en: {
    title: 'Skills Operation Scoring Sheet',
    assessment: 'Assessment',
    candidate: 'Candidate',
    ticket: 'Ticket number',
    station: 'Station',
    timeLimit: 'Time limit',
    minutes: 'min',
    overtimeRule: '{points} points off per minute over; stopped {stop} minutes over',
    task: 'Task',
    item: 'Item',
    criteria: 'Criteria',
    points: 'Points',
    veto: 'Veto item',
    vetoHit: 'Veto hit',
    deduct: 'deducted',
    total: 'Total',
    overtime: 'Overtime (min)',
    notes: 'Notes',
    finalScore: 'Final score',
    pending: 'pending',
    decision: "Chief examiner's decision",
    examiner: 'Examiner',
    chief: 'Chief examiner',
    checker: 'Score checker',
    signedAt: 'Signed at',
    notSigned: 'not signed',
    reopened: 'reopened',
    photos: 'Photos',
    noPhotos: 'No photos',
    fileName: 'scoring-sheet',
  },
  es: {
    title: 'Hoja de puntuación de la prueba práctica',
    assessment: 'Evaluación',
    candidate: 'Candidato',
    ticket: 'Número de boleto',
    station: 'Puesto',
    timeLimit: 'Tiempo límite',
    minutes: 'min',
    overtimeRule: '{points} puntos menos por minuto de más; se detiene a los {stop} minutos de más',
    task: 'Tarea',
    item: 'Elemento',
    criteria: 'Criterios',
    points: 'Puntos',
    veto: 'Elemento de veto',
    vetoHit: 'Veto aplicado',
    deduct: 'descontados',
    total: 'Total',
    overtime: 'Tiempo extra (min)',
    notes: 'Notas',
    finalScore: 'Puntuación final',
    pending: 'pendiente',
    decision: 'Decisión del examinador jefe',
    examiner: 'Examinador',
    chief: 'Examinador jefe',
    checker: 'Verificador',
    signedAt: 'Firmado el',
    notSigned: 'sin firmar',
    reopened: 'reabierta',
    photos: 'Fotos',
    noPhotos: 'Sin fotos',
    fileName: 'hoja-de-puntuacion',
  },
  ja: {
    title: '技能実技評価記録表',
    assessment: '考核',
    candidate: '受験者',
    ticket: '受験番号',
    station: 'ステーション',
    timeLimit: '制限時間',
    minutes: '分',
    overtimeRule: '超過 1 分ごとに {points} 点減点、超過 {stop} 分で打ち切り',
    task: '課題',
    item: '評価内容',
    criteria: '評価基準',
    points: '配点',
    veto: '否定項目',
    vetoHit: '否定項目該当',
    deduct: '減点',
    total: '合計',
    overtime: '超過（分）',
    notes: '備考',
    finalScore: '最終得点',
    pending: '未確定',
    decision: '考評組長の裁定',
    examiner: '考評員',
    chief: '考評組長',
    checker: '核分員',
    signedAt: '署名日時',
    notSigned: '未署名',
    reopened: '差し戻し',
    photos: '写真',
    noPhotos: '写真なし',
    fileName: '評価記録表',
  },
};
