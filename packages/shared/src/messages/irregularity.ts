import type { InLanguages, Localized } from './languages.js';

/** Irregularities and the room documents (docs/features/irregularities.md). */
export const IRREGULARITY_ENTITY_NAMES = {
  irregularity: { zh: '违纪/异常记录', en: 'Irregularity', es: 'Incidencia', ja: '不正・異常記録' },
} as const satisfies Record<string, Localized>;

export const IRREGULARITY_FIELD_LABELS = {
  category: { zh: '类别', en: 'Category', es: 'Categoría', ja: '区分' },
} as const satisfies Record<string, Localized>;

export const IRREGULARITY_MESSAGES = {
  irregularityNotYourRoom: {
    zh: '{name}（{ticket}）不在您监考的考场',
    en: '{name} ({ticket}) is not in a room you invigilate',
    es: '{name} ({ticket}) no está en un aula que usted supervise',
    ja: '{name}（{ticket}）はあなたが監督する試験室の受験者ではありません',
  },
  irregularityRoomNotYours: {
    zh: '您不是该考场的监考员',
    en: 'you are not an invigilator of this room',
    es: 'usted no es supervisor de esta aula',
    ja: 'あなたはこの試験室の試験監督者ではありません',
  },
  irregularityAttemptEnded: {
    zh: '{name}（{ticket}）的答卷已结束，不能终止',
    en: '{name} ({ticket}): the attempt has already ended and cannot be terminated',
    es: '{name} ({ticket}): el intento ya ha terminado y no se puede anular',
    ja: '{name}（{ticket}）の答案はすでに終了しているため、終了させられません',
  },
  irregularityNotTermination: {
    zh: '只有“终止考试”的记录可以撤销',
    en: 'only a termination can be reversed',
    es: 'solo se puede revertir una anulación',
    ja: '取り消せるのは「受験終了」の記録だけです',
  },
  irregularityAlreadyReversed: {
    zh: '该记录已于 {at} 撤销',
    en: 'this record was already reversed at {at}',
    es: 'este registro ya se revirtió el {at}',
    ja: 'この記録は {at} にすでに取り消されています',
  },
  irregularityWarningNotice: {
    zh: '监考员对您记录了一次警告：{note}',
    en: 'The invigilator recorded a warning about you: {note}',
    es: 'El supervisor registró una advertencia sobre usted: {note}',
    ja: '試験監督者があなたに対する警告を記録しました：{note}',
  },
} as const satisfies Record<string, Localized>;

export interface RoomDocumentTexts {
  categories: Record<'environment' | 'candidate' | 'staff' | 'technical', string>;
  actions: Record<'warning' | 'terminate', string>;
  signInTitle: string;
  doorListTitle: string;
  recordTitle: string;
  exam: string;
  venueRoom: string;
  window: string;
  printedAt: string;
  seat: string;
  photo: string;
  /** In the empty photo frame of a candidate with no registered photo: the invigilator glues one. */
  affixPhoto: string;
  name: string;
  ticket: string;
  idNumber: string;
  signature: string;
  invigilators: string;
  times: string;
  attendance: string;
  /** {seated} {started} {submitted} {absent} */
  attendanceLine: string;
  pauses: string;
  pauseColumns: string[];
  irregularities: string;
  irregularityColumns: string[];
  reversed: string;
  integrity: string;
  integrityColumns: string[];
  none: string;
  invigilatorSignature: string;
  chiefSignature: string;
  minutes: string;
  fileName: string;
  page: string;
}

export const ROOM_DOCUMENT_TEXTS: InLanguages<RoomDocumentTexts> = {
  zh: {
    categories: {
      environment: '考场环境',
      candidate: '考生',
      staff: '考务人员',
      technical: '技术故障',
    },
    actions: { warning: '警告', terminate: '终止考试' },
    signInTitle: '考生签到表',
    doorListTitle: '考场门贴名单',
    recordTitle: '考场记录',
    exam: '考试',
    venueRoom: '考点 / 考场',
    window: '考试时间',
    printedAt: '打印时间',
    seat: '座位号',
    photo: '照片',
    affixPhoto: '贴照片处',
    name: '姓名',
    ticket: '准考证号',
    idNumber: '证件号',
    signature: '考生签名',
    invigilators: '监考员',
    times: '时间',
    attendance: '出勤',
    attendanceLine: '应考 {seated} 人，实考 {started} 人，已交卷 {submitted} 人，缺考 {absent} 人',
    pauses: '暂停',
    pauseColumns: ['考生', '开始', '时长', '原因', '操作人'],
    irregularities: '违纪与异常',
    irregularityColumns: ['时间', '类别', '处理', '考生', '说明', '记录人'],
    reversed: '已撤销',
    integrity: '诚信事件汇总',
    integrityColumns: ['事件', '次数', '涉及考生'],
    none: '无',
    invigilatorSignature: '监考员签名',
    chiefSignature: '主考签名',
    minutes: '分钟',
    fileName: '考场记录',
    page: '第 {page} 页',
  },
  en: {
    categories: {
      environment: 'Environment',
      candidate: 'Candidate',
      staff: 'Staff',
      technical: 'Technical',
    },
    actions: { warning: 'Warning', terminate: 'Terminated' },
    signInTitle: 'Sign-in sheet',
    doorListTitle: 'Door list',
    recordTitle: 'Room record',
    exam: 'Exam',
    venueRoom: 'Venue / room',
    window: 'Exam time',
    printedAt: 'Printed',
    seat: 'Seat',
    photo: 'Photo',
    affixPhoto: 'Affix photo',
    name: 'Name',
    ticket: 'Ticket number',
    idNumber: 'ID number',
    signature: 'Signature',
    invigilators: 'Invigilators',
    times: 'Times',
    attendance: 'Attendance',
    attendanceLine: 'Seated {seated}, started {started}, submitted {submitted}, absent {absent}',
    pauses: 'Pauses',
    pauseColumns: ['Candidate', 'From', 'Length', 'Reason', 'By'],
    irregularities: 'Irregularities',
    irregularityColumns: ['Time', 'Category', 'Action', 'Candidates', 'Note', 'Recorded by'],
    reversed: 'reversed',
    integrity: 'Integrity events',
    integrityColumns: ['Event', 'Count', 'Candidates'],
    none: 'None',
    invigilatorSignature: 'Invigilators’ signatures',
    chiefSignature: 'Chief’s signature',
    minutes: 'min',
    fileName: 'room record',
    page: 'Page {page}',
  },
  es: {
    categories: {
      environment: 'Entorno',
      candidate: 'Candidato',
      staff: 'Personal',
      technical: 'Técnica',
    },
    actions: { warning: 'Advertencia', terminate: 'Anulado' },
    signInTitle: 'Hoja de firmas',
    doorListTitle: 'Lista de la puerta',
    recordTitle: 'Acta del aula',
    exam: 'Examen',
    venueRoom: 'Sede / aula',
    window: 'Horario',
    printedAt: 'Impreso',
    seat: 'Asiento',
    photo: 'Foto',
    affixPhoto: 'Pegar foto',
    name: 'Nombre',
    ticket: 'Número de inscripción',
    idNumber: 'Documento',
    signature: 'Firma',
    invigilators: 'Supervisores',
    times: 'Horarios',
    attendance: 'Asistencia',
    attendanceLine:
      'Asignados {seated}, iniciados {started}, entregados {submitted}, ausentes {absent}',
    pauses: 'Pausas',
    pauseColumns: ['Candidato', 'Desde', 'Duración', 'Motivo', 'Por'],
    irregularities: 'Incidencias',
    irregularityColumns: ['Hora', 'Categoría', 'Acción', 'Candidatos', 'Nota', 'Registrado por'],
    reversed: 'revertida',
    integrity: 'Eventos de integridad',
    integrityColumns: ['Evento', 'Cantidad', 'Candidatos'],
    none: 'Ninguno',
    invigilatorSignature: 'Firmas de los supervisores',
    chiefSignature: 'Firma del responsable',
    minutes: 'min',
    fileName: 'acta del aula',
    page: 'Página {page}',
  },
  ja: {
    categories: {
      environment: '試験環境',
      candidate: '受験者',
      staff: '試験スタッフ',
      technical: '技術的障害',
    },
    actions: { warning: '警告', terminate: '受験終了' },
    signInTitle: '受験者署名簿',
    doorListTitle: '試験室掲示名簿',
    recordTitle: '試験室記録',
    exam: '試験',
    venueRoom: '会場 / 試験室',
    window: '試験時間',
    printedAt: '印刷日時',
    seat: '座席番号',
    photo: '写真',
    affixPhoto: '写真貼付',
    name: '氏名',
    ticket: '受験番号',
    idNumber: '身分証番号',
    signature: '受験者署名',
    invigilators: '試験監督者',
    times: '時間',
    attendance: '出席',
    attendanceLine: '割当 {seated} 名、受験 {started} 名、提出 {submitted} 名、欠席 {absent} 名',
    pauses: '一時停止',
    pauseColumns: ['受験者', '開始', '長さ', '理由', '操作者'],
    irregularities: '不正・異常',
    irregularityColumns: ['時刻', '区分', '措置', '受験者', '説明', '記録者'],
    reversed: '取消済み',
    integrity: '不正検知イベントの集計',
    integrityColumns: ['イベント', '回数', '受験者数'],
    none: 'なし',
    invigilatorSignature: '試験監督者署名',
    chiefSignature: '試験責任者署名',
    minutes: '分',
    fileName: '試験室記録',
    page: '{page} ページ',
  },
};
