import type { Localized } from './languages.js';

/** The invigilator's console: check-in and the room's start (docs/features/invigilation.md). */
export const INVIGILATION_MESSAGES = {
  checkInRequired: {
    zh: '请先到考场门口由监考员核验身份签到，之后才能开始考试',
    en: 'check in with the invigilator at the door first: the exam starts only after your identity is confirmed',
    es: 'regístrese primero con el supervisor en la puerta: el examen empieza solo después de confirmar su identidad',
    ja: '先に入口で試験監督者の本人確認を受けてください。確認後に試験を開始できます',
  },
  checkInWasRefused: {
    zh: '监考员未通过您的身份核验：{reason}',
    en: 'the invigilator refused your check-in: {reason}',
    es: 'el supervisor rechazó su registro: {reason}',
    ja: '試験監督者が本人確認を拒否しました：{reason}',
  },
  roomNotStarted: {
    zh: '考场尚未开考，请等待监考员宣布开始',
    en: 'your room has not been started yet: wait for the invigilator to start it',
    es: 'su aula aún no ha comenzado: espere a que el supervisor la inicie',
    ja: '試験室はまだ開始されていません。試験監督者の開始をお待ちください',
  },
  roomAlreadyStarted: {
    zh: '考场「{room}」已于 {at} 开考',
    en: 'room "{room}" was already started at {at}',
    es: 'el aula «{room}» ya se inició a las {at}',
    ja: '試験室「{room}」は {at} に開始済みです',
  },
  roomStartOutsideWindow: {
    zh: '只能在考试时段内开考（{start} 至 {end}）',
    en: 'a room can be started only within the exam window ({start} to {end})',
    es: 'un aula solo puede iniciarse dentro del periodo del examen ({start} a {end})',
    ja: '試験室は試験期間内（{start}～{end}）にのみ開始できます',
  },
  notInThisRoom: {
    zh: '该考生不在考场「{room}」',
    en: 'this candidate is not seated in room "{room}"',
    es: 'este candidato no está en el aula «{room}»',
    ja: 'この受験者は試験室「{room}」にいません',
  },
  alreadyStartedCheckIn: {
    zh: '{name} 已开始答题，不能再拒绝签到',
    en: '{name} has already started: the check-in can no longer be refused',
    es: '{name} ya ha empezado: el registro ya no puede rechazarse',
    ja: '{name} はすでに解答を開始しているため、本人確認を拒否できません',
  },
  notOwnUploadedImage: {
    zh: '须为您本人上传的图片',
    en: 'must be an image you uploaded',
    es: 'debe ser una imagen que usted haya subido',
    ja: 'ご自身でアップロードした画像である必要があります',
  },
} as const satisfies Record<string, Localized>;
