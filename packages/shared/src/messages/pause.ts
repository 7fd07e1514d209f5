import type { Localized } from './languages.js';

/** Pausing and resuming attempts (docs/features/proctoring.md "Pausing"). */
export const PAUSE_MESSAGES = {
  attemptPaused: {
    zh: '监考员已暂停考试：{reason}',
    en: 'paused by the invigilator: {reason}',
    es: 'pausado por el supervisor: {reason}',
    ja: '試験監督者が一時停止しました：{reason}',
  },
  proctorAlreadyPaused: {
    zh: '{name}（{ticket}）的答卷已在暂停中',
    en: '{name} ({ticket}) is already paused',
    es: '{name} ({ticket}) ya está en pausa',
    ja: '{name}（{ticket}）の答案はすでに一時停止中です',
  },
  proctorNotPaused: {
    zh: '{name}（{ticket}）的答卷没有暂停，无需恢复',
    en: '{name} ({ticket}) is not paused: there is nothing to resume',
    es: '{name} ({ticket}) no está en pausa: no hay nada que reanudar',
    ja: '{name}（{ticket}）の答案は一時停止されていないため、再開できません',
  },
  proctorPauseEnded: {
    zh: '{name}（{ticket}）的答卷已结束，不能暂停',
    en: '{name} ({ticket}): the attempt has ended and cannot be paused',
    es: '{name} ({ticket}): el intento ha terminado y no se puede pausar',
    ja: '{name}（{ticket}）の答案は終了しているため、一時停止できません',
  },
} as const satisfies Record<string, Localized>;
