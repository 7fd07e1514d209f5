import type { Localized } from './languages.js';

/** What messages about venues and rooms name (spread into ENTITY_NAMES). */
export const VENUE_ENTITY_NAMES = {
  venue: { zh: '考点', en: 'Venue', es: 'Sede', ja: '試験会場' },
  room: { zh: '考场', en: 'Room', es: 'Aula', ja: '試験室' },
  examSession: { zh: '场次', en: 'Session', es: 'Sesión', ja: '実施回' },
} as const satisfies Record<string, Localized>;

/** The labels of venue, room and seat plan fields (spread into FIELD_LABELS). */
export const VENUE_FIELD_LABELS = {
  address: { zh: '地址', en: 'Address', es: 'Dirección', ja: '住所' },
  seats: { zh: '座位数', en: 'Seats', es: 'Asientos', ja: '座席数' },
  notes: { zh: '备注', en: 'Notes', es: 'Notas', ja: '備考' },
  venueId: { zh: '考点', en: 'Venue', es: 'Sede', ja: '試験会場' },
  roomId: { zh: '考场', en: 'Room', es: 'Aula', ja: '試験室' },
  roomIds: { zh: '考场', en: 'Rooms', es: 'Aulas', ja: '試験室' },
  seat: { zh: '座位号', en: 'Seat', es: 'Asiento', ja: '座席番号' },
  sessionId: { zh: '场次', en: 'Session', es: 'Sesión', ja: '実施回' },
  gap: {
    zh: '同批次考生间隔一个座位',
    en: 'Gap seat between the same batch',
    es: 'Asiento libre entre la misma convocatoria',
    ja: '同じ回次の受験者の間を1席空ける',
  },
} as const satisfies Record<string, Localized>;

/** The seat plan's `mode` under /api/kaoshi-exam/venue/ (SCOPED_FIELD_LABELS). */
export const SEAT_PLAN_MODE_LABEL: Localized = {
  zh: '排座方式',
  en: 'Seating mode',
  es: 'Modo de asignación',
  ja: '座席の割り当て方',
};

/** Messages of venues, rooms and seat plans (docs/features/venues.md). */
export const VENUE_MESSAGES = {
  venueNameTaken: {
    zh: '考点“{name}”已存在',
    en: 'a venue named "{name}" exists',
    es: 'ya existe una sede llamada "{name}"',
    ja: '試験会場「{name}」は既に存在します',
  },
  roomNameTaken: {
    zh: '本考点已有名为“{name}”的考场',
    en: 'this venue already has a room named "{name}"',
    es: 'esta sede ya tiene un aula llamada "{name}"',
    ja: 'この試験会場には「{name}」という試験室が既にあります',
  },
  venueInExams: {
    zh: '考点“{name}”的考场正被 {count} 场考试的座位安排使用：{exams}',
    en: 'rooms of venue "{name}" are in the seat plan of {count} exam(s): {exams}',
    es: 'las aulas de la sede "{name}" están en la distribución de asientos de {count} examen(es): {exams}',
    ja: '試験会場「{name}」の試験室は {count} 件の試験の座席表で使われています：{exams}',
  },
  roomInExams: {
    zh: '考场“{name}”正被 {count} 场考试的座位安排使用：{exams}',
    en: 'room "{name}" is in the seat plan of {count} exam(s): {exams}',
    es: 'el aula "{name}" está en la distribución de asientos de {count} examen(es): {exams}',
    ja: '試験室「{name}」は {count} 件の試験の座席表で使われています：{exams}',
  },
  roomSeatsBelowPlan: {
    zh: '考场“{name}”已安排到 {seat} 号座位，座位数不能少于 {seat}',
    en: 'room "{name}" has a candidate in seat {seat}: it needs at least {seat} seats',
    es: 'el aula "{name}" tiene un candidato en el asiento {seat}: necesita al menos {seat} asientos',
    ja: '試験室「{name}」には {seat} 番の座席に受験者がいるため、座席数は {seat} 以上必要です',
  },
  seatPlanStarted: {
    zh: '已有 {count} 名考生开始作答，座位安排不能再修改',
    en: '{count} candidate(s) have started: the seat plan can no longer change',
    es: '{count} candidato(s) ya han empezado: la distribución de asientos ya no puede cambiar',
    ja: '{count} 名の受験者が既に受験を開始したため、座席表は変更できません',
  },
  seatPlanNoCandidates: {
    zh: '考试 {id} 还没有考生（发布后才有考生）',
    en: 'exam {id} has no candidates yet (they come with publishing)',
    es: 'el examen {id} aún no tiene candidatos (llegan al publicarlo)',
    ja: '試験 {id} にはまだ受験者がいません（公開すると受験者が決まります）',
  },
  seatPlanTooFewSeats: {
    zh: '所选考场座位不足：{candidates} 名考生需要 {needed} 个座位，所选考场共 {seats} 个，还差 {missing} 个',
    en: 'the chosen rooms have too few seats: {candidates} candidates need {needed} seats, the rooms have {seats}; {missing} missing',
    es: 'las aulas elegidas tienen pocos asientos: {candidates} candidatos necesitan {needed} asientos, las aulas tienen {seats}; faltan {missing}',
    ja: '選んだ試験室の座席が足りません：受験者 {candidates} 名に {needed} 席が必要ですが、試験室は計 {seats} 席です。あと {missing} 席必要です',
  },
  seatBeyondRoom: {
    zh: '考场“{name}”只有 {seats} 个座位',
    en: 'room "{name}" has {seats} seats',
    es: 'el aula "{name}" tiene {seats} asientos',
    ja: '試験室「{name}」の座席は {seats} 席です',
  },
  seatTaken: {
    zh: '考场“{room}”的 {seat} 号座位已安排给 {name}（{ticket}）',
    en: 'seat {seat} of room "{room}" is taken by {name} ({ticket})',
    es: 'el asiento {seat} del aula "{room}" lo ocupa {name} ({ticket})',
    ja: '試験室「{room}」の {seat} 番の座席は {name}（{ticket}）に割り当て済みです',
  },
  roomUsedByOtherExam: {
    zh: '考场“{room}”在此时段已用于考试“{exam}”（{startAt} 至 {endAt}）',
    en: 'room "{room}" is used at the same time by exam “{exam}” ({startAt} to {endAt})',
    es: 'el aula "{room}" la usa al mismo tiempo el examen «{exam}» ({startAt} a {endAt})',
    ja: '試験室「{room}」は同じ時間帯に試験「{exam}」（{startAt}～{endAt}）で使用されています',
  },
  roomNotInPlan: {
    zh: '考场“{name}”不在本场考试的座位安排中',
    en: 'room "{name}" is not in this exam’s seat plan',
    es: 'el aula "{name}" no está en la distribución de asientos de este examen',
    ja: '試験室「{name}」はこの試験の座席表にありません',
  },
  notAnInvigilator: {
    zh: '用户 {name} 没有监考权限',
    en: 'user {name} may not invigilate (no invigilation permission)',
    es: 'el usuario {name} no puede vigilar (sin permiso de vigilancia)',
    ja: 'ユーザー {name} には監督の権限がありません',
  },
  invigilatorElsewhere: {
    zh: '{name} 已是本场考试考场“{room}”的监考员',
    en: '{name} already invigilates room "{room}" of this exam',
    es: '{name} ya vigila el aula "{room}" de este examen',
    ja: '{name} はこの試験の試験室「{room}」の監督者です',
  },
  sessionOutsideExam: {
    zh: '场次须在考试时间 {start} 至 {end} 之内',
    en: 'a session must lie within the exam’s window, {start} to {end}',
    es: 'una sesión debe quedar dentro del periodo del examen, del {start} al {end}',
    ja: '実施回は試験期間（{start}～{end}）内でなければなりません',
  },
  sessionEndBeforeStart: {
    zh: '场次的结束时间须晚于开始时间',
    en: 'a session must end after it starts',
    es: 'una sesión debe terminar después de empezar',
    ja: '実施回の終了時刻は開始時刻より後でなければなりません',
  },
  sessionNotOfExam: {
    zh: '场次 {id} 不属于本场考试',
    en: 'session {id} is not a session of this exam',
    es: 'la sesión {id} no es una sesión de este examen',
    ja: '実施回 {id} はこの試験の実施回ではありません',
  },
  sessionNotOpenYet: {
    zh: '你的场次“{name}”尚未开始：{start} 至 {end}',
    en: 'your session “{name}” has not opened yet: it runs from {start} to {end}',
    es: 'tu sesión «{name}» aún no ha comenzado: va del {start} al {end}',
    ja: 'あなたの実施回「{name}」はまだ始まっていません（{start}～{end}）',
  },
  sessionClosedForStart: {
    zh: '你的场次“{name}”已于 {end} 结束（{start} 至 {end}）',
    en: 'your session “{name}” closed at {end} (it ran from {start} to {end})',
    es: 'tu sesión «{name}» cerró el {end} (fue del {start} al {end})',
    ja: 'あなたの実施回「{name}」は {end} に終了しました（{start}～{end}）',
  },
} as const satisfies Record<string, Localized>;
