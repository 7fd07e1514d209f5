import type { Localized } from './languages.js';

/** The encrypted answer file's upload (docs/features/answer-file.md). */
export const ANSWER_FILE_MESSAGES = {
  answerFileUnreadable: {
    zh: '「{file}」不是考试系统的答案文件',
    en: '"{file}" is not a Kaoshi answer file',
    es: '«{file}» no es un archivo de respuestas de Kaoshi',
    ja: '「{file}」は Kaoshi の解答ファイルではありません',
  },
  answerFileTampered: {
    zh: '「{file}」校验失败：文件在生成后被改动过，或已损坏',
    en: '"{file}" failed its check: it was changed after it was made, or is damaged',
    es: '«{file}» no superó la verificación: se modificó después de crearse o está dañado',
    ja: '「{file}」の検証に失敗しました。作成後に変更されたか、破損しています',
  },
  answerFileOtherCandidate: {
    zh: '「{file}」是答卷 {attemptId} 的答案文件，不属于 {name}（{ticket}）',
    en: '"{file}" is the answer file of attempt {attemptId}, not of {name} ({ticket})',
    es: '«{file}» es el archivo de respuestas del intento {attemptId}, no de {name} ({ticket})',
    ja: '「{file}」は答案 {attemptId} の解答ファイルで、{name}（{ticket}）のものではありません',
  },
  answerFileAfterDeadline: {
    zh: '作答时间 {at} 晚于截止时间 {deadline}，未采用',
    en: 'given at {at}, after the deadline {deadline}: not applied',
    es: 'dada a las {at}, después del límite {deadline}: no aplicada',
    ja: '解答時刻 {at} が締切 {deadline} より後のため、適用されません',
  },
  answerFileHandedIn: {
    zh: '{name}（{ticket}）的答卷已于 {at} 交卷或被终止，答案文件只用于仍在作答或到时自动收卷的答卷',
    en: 'the attempt of {name} ({ticket}) was handed in or ended at {at}: an answer file applies only to an attempt still running or ended by its deadline',
    es: 'el intento de {name} ({ticket}) se entregó o terminó a las {at}: un archivo de respuestas solo se aplica a un intento en curso o cerrado por su límite',
    ja: '{name}（{ticket}）の答案は {at} に提出または終了されています。解答ファイルは受験中か締切で終了した答案にのみ適用されます',
  },
  answerFileMarkingStarted: {
    zh: '{name}（{ticket}）的答卷已开始阅卷，答案文件不能再改变其成绩',
    en: 'marking of the attempt of {name} ({ticket}) has begun: an answer file can no longer change it',
    es: 'la corrección del intento de {name} ({ticket}) ya empezó: un archivo de respuestas ya no puede cambiarlo',
    ja: '{name}（{ticket}）の答案は採点が始まっているため、解答ファイルで変更できません',
  },
} as const satisfies Record<string, Localized>;
