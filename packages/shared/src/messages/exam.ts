import type { CandidateStatusCode, MakeUpWho } from '../schemas/exam.js';
import type { InLanguages, Localized } from './languages.js';

/** Messages of taking an exam: starting, access codes, notices, saving and submitting. */
export const EXAM_MESSAGES = {
  // Taking exams (docs/features/taking-an-exam.md)
  notAStudent: {
    zh: '只有考生账号可以参加考试',
    en: 'only a student account can take an exam',
    es: 'solo una cuenta de candidato puede realizar un examen',
    ja: '受験できるのは受験者アカウントだけです',
  },
  notYourExam: {
    zh: '您不是考试 {id} 的考生',
    en: 'you are not a candidate of exam {id}',
    es: 'no es candidato del examen {id}',
    ja: 'あなたは試験 {id} の受験者ではありません',
  },
  examNotOpenYet: {
    zh: '考试尚未开始，开考时间 {start}',
    en: 'the exam has not opened yet: it opens at {start}',
    es: 'el examen aún no ha comenzado: comienza el {start}',
    ja: '試験はまだ始まっていません。開始は {start} です',
  },
  examClosedForStart: {
    zh: '考试已于 {end} 结束',
    en: 'the exam closed at {end}',
    es: 'el examen terminó el {end}',
    ja: '試験は {end} に終了しました',
  },
  lateEntryOver: {
    zh: '已超过迟到限制：{until} 之后不能再开始作答',
    en: 'too late to start: no one may start after {until}',
    es: 'demasiado tarde para empezar: nadie puede empezar después de {until}',
    ja: '遅刻の制限を過ぎました。{until} 以降は開始できません',
  },
  accessCodeWrong: {
    zh: '考试口令不正确',
    en: 'the access code is not right',
    es: 'el código de acceso no es correcto',
    ja: '受験パスワードが正しくありません',
  },
  accessCodeWrongTries: {
    zh: '考试口令不正确，锁定前还可以尝试 {left} 次',
    en: 'the access code is not right; tries left before a lock: {left}',
    es: 'el código de acceso no es correcto; intentos antes del bloqueo: {left}',
    ja: '受験パスワードが正しくありません。ロックまであと {left} 回試せます',
  },
  accessCodeLocked: {
    zh: '考试口令错误次数过多，{until} 之前不能开始本场考试，监考员已收到通知',
    en: 'too many wrong access codes: this exam cannot be started before {until}; the proctor has been told',
    es: 'demasiados códigos de acceso erróneos: este examen no se puede empezar antes de {until}; se ha avisado al supervisor',
    ja: '受験パスワードの誤りが多すぎます。{until} まではこの試験を開始できません。監督者に通知しました',
  },
  noticeNotOpened: {
    zh: '请先打开并阅读考试须知，再开始作答',
    en: 'open and read the exam notice before starting',
    es: 'abra y lea las instrucciones del examen antes de empezar',
    ja: '開始する前に受験上の注意を開いて読んでください',
  },
  noticeReadingTime: {
    zh: '请继续阅读考试须知，{seconds} 秒后才能开始作答',
    en: 'keep reading the exam notice: the exam can be started in {seconds} s',
    es: 'siga leyendo las instrucciones: podrá empezar el examen dentro de {seconds} s',
    ja: '受験上の注意を読み続けてください。あと {seconds} 秒で開始できます',
  },
  addressNotAllowed: {
    zh: '不能从当前地址 {ip} 参加本场考试，请在指定考场作答',
    en: 'this exam cannot be taken from your address {ip}: take it in the exam room',
    es: 'este examen no se puede realizar desde su dirección {ip}: hágalo en la sala de examen',
    ja: '現在のアドレス {ip} からはこの試験を受けられません。指定の試験会場で受験してください',
  },
  attemptEnded: {
    zh: '答卷已于 {at} 交卷，不能再作答',
    en: 'the attempt ended at {at}: nothing more can be answered',
    es: 'el intento terminó el {at}: ya no se puede responder',
    ja: '答案は {at} に提出済みです。これ以上解答できません',
  },
  attemptNotFinished: {
    zh: '答卷 {id} 尚未交卷，还没有成绩',
    en: 'attempt {id} has not been submitted yet: there is no result',
    es: 'el intento {id} aún no se ha entregado: todavía no hay resultado',
    ja: '答案 {id} はまだ提出されていないため、結果はありません',
  },
  timeUp: {
    zh: '考试时间已到（{deadline}），此答案未保存',
    en: 'time ran out at {deadline}: this answer was not saved',
    es: 'el tiempo terminó a las {deadline}: esta respuesta no se guardó',
    ja: '試験時間は {deadline} に終了しました。この解答は保存されていません',
  },
  takenOver: {
    zh: '本场考试已在另一个窗口或设备上继续作答，此处不能再保存答案',
    en: 'the exam was taken over in another tab or device: answers can no longer be saved here',
    es: 'el examen continuó en otra pestaña o dispositivo: aquí ya no se guardan respuestas',
    ja: '別のタブまたは端末で受験が引き継がれたため、ここでは解答を保存できません',
  },
  takeoverRefused: {
    zh: '本场考试已在另一个设备上作答，不允许在第二个设备上继续',
    en: 'the exam is being taken on another device, and this exam does not allow a second one',
    es: 'el examen se está realizando en otro dispositivo y este examen no permite un segundo',
    ja: 'この試験は別の端末で受験中で、2 台目の端末からの受験は許可されていません',
  },
  eventsTooFast: {
    zh: '考试页面上报事件过于频繁，此事件未记录，请 {seconds} 秒后再试',
    en: 'the exam page reported events too fast: this one was not recorded; try again in {seconds} s',
    es: 'la página del examen informó eventos demasiado rápido: este no se registró; vuelva a intentarlo en {seconds} s',
    ja: '試験ページからのイベント報告が多すぎるため、このイベントは記録されませんでした。{seconds} 秒後に再試行してください',
  },
  sessionEnded: {
    zh: '登录已结束（已退出、密码已重置或账号已停用），请重新登录后继续考试',
    en: 'your session ended (signed out, password reset or account disabled): sign in again to continue the exam',
    es: 'su sesión terminó (cerró sesión, se restableció la contraseña o se desactivó la cuenta): inicie sesión de nuevo para continuar el examen',
    ja: 'ログインが終了しました（ログアウト、パスワードのリセット、またはアカウントの無効化）。試験を続けるには再度ログインしてください',
  },
  // Relative: the server's clock zone need not be the candidate's.
  submitTooEarly: {
    zh: '{minutes} 分钟后才能交卷',
    en: 'submitting is allowed in {minutes} min',
    es: 'se podrá entregar dentro de {minutes} min',
    ja: '提出できるのは {minutes} 分後からです',
  },
  itemNotInPaper: {
    zh: '试卷中没有题目 {itemId}',
    en: 'the paper has no question {itemId}',
    es: 'el examen no tiene la pregunta {itemId}',
    ja: '試験問題に設問 {itemId} はありません',
  },
  answerShape: {
    zh: '题目 {itemId} 不能接受这样的答案',
    en: 'question {itemId} cannot take this answer',
    es: 'la pregunta {itemId} no admite esta respuesta',
    ja: '設問 {itemId} はこの解答を受け付けません',
  },
} as const satisfies Record<string, Localized>;

/** The candidate export's words in each language. */
export const CANDIDATE_EXPORT_TEXTS: InLanguages<{
  fileName: string;
  sheet: string;
  columns: string[];
  status: Record<CandidateStatusCode, string>;
}> = {
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
export const MAKE_UP_TEXTS: InLanguages<{ suffix: string; who: Record<MakeUpWho, string> }> = {
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
