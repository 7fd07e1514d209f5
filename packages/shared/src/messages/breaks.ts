import type { Localized } from './languages.js';

/** Rest breaks the candidate takes (docs/features/accommodations.md "Rest breaks"). */
export const BREAK_MESSAGES = {
  attemptOnBreak: {
    zh: '你正在休息，休息结束后才能继续作答',
    en: 'you are on a rest break: end it to go on answering',
    es: 'está en un descanso: termínelo para seguir respondiendo',
    ja: '休憩中です。休憩を終えてから解答を続けてください',
  },
  breakNoneLeft: {
    zh: '没有可用的休息次数（共 {allowed} 次）',
    en: 'no rest break left (you had {allowed})',
    es: 'no le queda ningún descanso (tenía {allowed})',
    ja: '残りの休憩はありません（全 {allowed} 回）',
  },
  breakWhilePaused: {
    zh: '监考员已暂停考试，暂停期间不能休息',
    en: 'the invigilator has paused the exam: no rest break during a pause',
    es: 'el supervisor ha pausado el examen: no hay descanso durante una pausa',
    ja: '試験監督者が一時停止しているため、休憩できません',
  },
  breakAttemptEnded: {
    zh: '考试已结束，不能休息',
    en: 'the attempt has ended: no rest break',
    es: 'el intento ha terminado: no hay descanso',
    ja: '試験は終了しているため、休憩できません',
  },
  breakAlreadyTaking: {
    zh: '你已经在休息中',
    en: 'you are already on a rest break',
    es: 'ya está en un descanso',
    ja: 'すでに休憩中です',
  },
  breakNotTaking: {
    zh: '你没有在休息，无需结束',
    en: 'you are not on a rest break: there is nothing to end',
    es: 'no está en un descanso: no hay nada que terminar',
    ja: '休憩中ではないため、終了するものはありません',
  },
} as const satisfies Record<string, Localized>;
