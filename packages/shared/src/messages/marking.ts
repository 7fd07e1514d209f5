import type { InLanguages, Localized } from './languages.js';

/** Messages of marking. */
export const MARKING_MESSAGES = {
  // Marking (docs/features/marking.md)
  noMarkingPlan: {
    zh: '考试 {id} 还没有阅卷设置',
    en: 'exam {id} has no marking plan yet',
    es: 'el examen {id} aún no tiene plan de corrección',
    ja: '試験 {id} にはまだ採点設定がありません',
  },
  markingPlanLocked: {
    zh: '阅卷已开始，不能再修改：{fields}',
    en: 'marking has begun, so these can no longer change: {fields}',
    es: 'la corrección ya empezó; ya no se puede cambiar: {fields}',
    ja: '採点が始まっているため変更できません：{fields}',
  },
  notAMarker: {
    zh: '用户 {id} 不能阅卷（没有 {key} 权限）',
    en: 'user {id} cannot mark (lacks {key})',
    es: 'el usuario {id} no puede corregir (le falta {key})',
    ja: 'ユーザー {id} は採点できません（{key} がありません）',
  },
  itemNotForMarkers: {
    zh: '题目 {itemId} 由系统评分，不需要阅卷',
    en: 'question {itemId} is scored automatically, not by markers',
    es: 'la pregunta {itemId} se califica automáticamente, no la corrigen personas',
    ja: '設問 {itemId} は自動採点のため採点者は不要です',
  },
  noQuestionsToMark: {
    zh: '您在考试 {id} 中没有负责的题目',
    en: 'you have no question to mark in exam {id}',
    es: 'no tiene preguntas que corregir en el examen {id}',
    ja: '試験 {id} に担当の設問がありません',
  },
  notYourQuestion: {
    zh: '您不负责本考试的题目 {itemId}',
    en: 'you do not mark question {itemId} of this exam',
    es: 'usted no corrige la pregunta {itemId} de este examen',
    ja: 'この試験の設問 {itemId} はあなたの担当ではありません',
  },
  scoreOutOfRange: {
    zh: '应在 0 到 {max} 之间',
    en: 'must be between 0 and {max}',
    es: 'debe estar entre 0 y {max}',
    ja: '0 から {max} の間で入力してください',
  },
  scoreOffStep: {
    zh: '应为 {step} 的整数倍',
    en: 'must be a multiple of {step}',
    es: 'debe ser múltiplo de {step}',
    ja: '{step} の倍数で入力してください',
  },
  notYourLease: {
    zh: '这份答案不在您手上（可能已超时被收回），请点“下一份”',
    en: 'you do not hold this answer (its hold may have expired): take one with Next',
    es: 'usted no tiene esta respuesta (su reserva pudo caducar): tome una con Siguiente',
    ja: 'この解答はあなたが確保していません（期限切れの可能性）。「次へ」で取得してください',
  },
  markingClosed: {
    zh: '题目 {itemId} 的阅卷已结束，不能再修改',
    en: 'marking of question {itemId} is closed: scores can no longer change',
    es: 'la corrección de la pregunta {itemId} está cerrada: ya no se pueden cambiar notas',
    ja: '設問 {itemId} の採点は締め切られ、点数は変更できません',
  },
  answerArbitrated: {
    zh: '这份答案已仲裁，分数为最终分数',
    en: 'this answer has been arbitrated: its score is final',
    es: 'esta respuesta ya fue arbitrada: su nota es definitiva',
    ja: 'この解答は裁定済みで、点数は確定しています',
  },
  notInArbitration: {
    zh: '这份答案不在待仲裁列表中',
    en: 'this answer is not waiting for arbitration',
    es: 'esta respuesta no está pendiente de arbitraje',
    ja: 'この解答は裁定待ちではありません',
  },
  arbiterMarkedIt: {
    zh: '您评过这份答案，应由其他仲裁人裁定',
    en: 'you marked this answer yourself: another arbiter decides',
    es: 'usted corrigió esta respuesta: debe arbitrar otra persona',
    ja: 'この解答はあなたが採点したため、別の裁定者が判断します',
  },
  examNotPublishedForMarking: {
    zh: '考试 {id} 尚未发布，没有可阅的答卷',
    en: 'exam {id} is not published: it has nothing to mark',
    es: 'el examen {id} no está publicado: no hay nada que corregir',
    ja: '試験 {id} は未公開のため、採点するものがありません',
  },
  doubleNeedsTwoMarkers: {
    zh: '双评时题目 {itemId} 至少需要两名阅卷人',
    en: 'with double marking, question {itemId} needs at least two markers',
    es: 'con doble corrección, la pregunta {itemId} necesita al menos dos correctores',
    ja: '二重採点では設問 {itemId} に 2 名以上の採点者が必要です',
  },
  noAuditUnderReview: {
    zh: '题目 {itemId} 没有待审核的组抽查（答案尚未全部评完，或已审核）',
    en: 'question {itemId} has no group audit under review (not every answer is marked yet, or it was decided)',
    es: 'la pregunta {itemId} no tiene revisión de grupo pendiente (faltan respuestas por corregir o ya se decidió)',
    ja: '設問 {itemId} に審査中のグループ監査はありません（未採点の解答があるか、判定済みです）',
  },
  releaseExamOpen: {
    zh: '考试「{name}」尚未结束（{end} 结束），结束后才能发布成绩',
    en: 'the exam “{name}” has not closed yet (it closes at {end}): release its scores after that',
    es: 'el examen «{name}» aún no ha terminado (termina el {end}): publique sus notas después',
    ja: '試験「{name}」はまだ終了していません（{end} 終了）。終了後に成績を公開してください',
  },
  releaseAttemptsRunning: {
    zh: '考试「{name}」还有 {count} 名考生的答卷未交，交卷后才能发布成绩',
    en: 'the exam “{name}” still has {count} attempts not handed in: release its scores once they are',
    es: 'el examen «{name}» aún tiene {count} intentos sin entregar: publique las notas cuando se entreguen',
    ja: '試験「{name}」には未提出の答案が {count} 件あります。提出後に成績を公開してください',
  },
  releaseMarkingOpen: {
    zh: '还有 {count} 份答案未评定最终分数，不能发布成绩',
    en: '{count} answers have no final score yet: the scores cannot be released',
    es: '{count} respuestas aún no tienen nota final: no se pueden publicar las notas',
    ja: '最終点が未確定の解答が {count} 件あるため、成績を公開できません',
  },
  releaseAuditOpen: {
    zh: '题目 {items} 的组抽查尚未通过，不能发布成绩',
    en: 'the group audit of question {items} has not passed: the scores cannot be released',
    es: 'la revisión de grupo de la pregunta {items} no está aprobada: no se pueden publicar las notas',
    ja: '設問 {items} のグループ監査が未承認のため、成績を公開できません',
  },
  scoresNotReleased: {
    zh: '考试 {id} 的成绩尚未发布',
    en: 'the scores of exam {id} are not released',
    es: 'las notas del examen {id} no están publicadas',
    ja: '試験 {id} の成績は公開されていません',
  },
  keyCorrectionTooEarly: {
    zh: '考试 {id} 尚有考生在作答，结束后才能更正答案',
    en: 'exam {id} still has attempts running: correct its key once they have ended',
    es: 'el examen {id} aún tiene intentos en curso: corrija la clave cuando terminen',
    ja: '試験 {id} にはまだ受験中の答案があります。終了後に正答を訂正してください',
  },
  examKeysBeforeClose: {
    zh: '考试 {id} 结束前不显示答案；持有试卷权限者可打印带答案的试卷（会被记录）',
    en: 'the keys of exam {id} stay hidden until it closes; a paper manager may print the paper with answers (logged)',
    es: 'las claves del examen {id} permanecen ocultas hasta que cierre; un gestor de exámenes puede imprimirlo con respuestas (queda registrado)',
    ja: '試験 {id} の正答は終了まで表示されません。試験問題の権限を持つ人は解答付きで印刷できます（記録されます）',
  },
  scoresReleased: {
    zh: '考试「{name}」的成绩已发布，请先撤回发布',
    en: 'the scores of the exam “{name}” are released: withdraw the release first',
    es: 'las notas del examen «{name}» están publicadas: retire primero la publicación',
    ja: '試験「{name}」の成績は公開済みです。先に公開を取り消してください',
  },
  certificateRevoked: {
    zh: '证书 {number} 已撤销，不能打印',
    en: 'certificate {number} is revoked: it cannot be printed',
    es: 'el certificado {number} está revocado: no se puede imprimir',
    ja: '証書 {number} は取り消されているため、印刷できません',
  },
  certificateAlreadyRevoked: {
    zh: '证书 {number} 已被撤销',
    en: 'certificate {number} is already revoked',
    es: 'el certificado {number} ya está revocado',
    ja: '証書 {number} はすでに取り消されています',
  },
  proctorNotStarted: {
    zh: '{name}（{ticket}）尚未开始作答，没有答卷',
    en: '{name} ({ticket}) has not started: there is no attempt',
    es: '{name} ({ticket}) no ha empezado: no hay intento',
    ja: '{name}（{ticket}）はまだ受験を開始していないため、答案がありません',
  },
  proctorStillRunning: {
    zh: '{name}（{ticket}）的答卷仍在作答中，只能重新开放已交卷的答卷',
    en: 'the attempt of {name} ({ticket}) is still running: only an ended attempt can be reopened',
    es: 'el intento de {name} ({ticket}) sigue en curso: solo se puede reabrir un intento terminado',
    ja: '{name}（{ticket}）の答案はまだ受験中です。再開できるのは終了した答案だけです',
  },
  proctorMarkingStarted: {
    zh: '{name}（{ticket}）的答卷已开始阅卷，不能重新开放',
    en: 'marking of the attempt of {name} ({ticket}) has begun: it can no longer be reopened',
    es: 'la corrección del intento de {name} ({ticket}) ya empezó: ya no se puede reabrir',
    ja: '{name}（{ticket}）の答案は採点が始まっているため、再開できません',
  },
} as const satisfies Record<string, Localized>;

/** What a score-log entry records (score_log.kind). */
export type ScoreLogKind = 'mark' | 'revise' | 'final' | 'arbitration' | 'audit' | 'key';

/** The score log export's words in each language. */
export const SCORE_LOG_EXPORT_TEXTS: InLanguages<{
  fileName: string;
  sheet: string;
  columns: string[];
  kinds: Record<ScoreLogKind, string>;
  /** Who set a score the system computed (the mean of two marks). */
  system: string;
}> = {
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
