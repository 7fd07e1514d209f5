import type { Localized } from './languages.js';

/** Messages of the examiners' sheets, the chief examiner and the score checker (skills §3). */
export const SKILL_SCORING_MESSAGES = {
  sheetSigned: {
    zh: '您对考生 {id} 的评分表已签名，只有考评组长可以退回',
    en: 'your sheet for candidate {id} is signed; only the chief examiner can reopen it',
    es: 'su hoja del candidato {id} está firmada; solo el examinador jefe puede reabrirla',
    ja: '受験者 {id} の評価表は署名済みです。再開できるのは考評組長だけです',
  },
  candidateChecked: {
    zh: '考生 {id} 的成绩已由核分员核对签名，不能再修改',
    en: "candidate {id}'s scores are checked and signed; they can no longer change",
    es: 'las puntuaciones del candidato {id} están verificadas y firmadas; ya no pueden cambiar',
    ja: '受験者 {id} の得点は核分員が確認・署名済みのため変更できません',
  },
  candidateAbsent: {
    zh: '考生 {id} 已标记为缺考',
    en: 'candidate {id} is marked absent',
    es: 'el candidato {id} está marcado como ausente',
    ja: '受験者 {id} は欠席として記録されています',
  },
  presenceAfterScoring: {
    zh: '考生 {id} 已有评分表签名，不能再更改到场情况',
    en: 'a sheet for candidate {id} is already signed, so the presence can no longer change',
    es: 'ya hay una hoja firmada del candidato {id}; su asistencia ya no puede cambiar',
    ja: '受験者 {id} の評価表が署名済みのため、出欠は変更できません',
  },
  itemNotOnSheet: {
    zh: '评分项 {itemId} 不在本评分表中',
    en: 'item {itemId} is not on this sheet',
    es: 'el punto {itemId} no está en esta hoja',
    ja: '評価項目 {itemId} はこの評価表にありません',
  },
  pointsOverItem: {
    zh: '评分项 {itemId}：{points} 分超过了该项的 {max} 分',
    en: 'item {itemId}: {points} points is more than its {max}',
    es: 'punto {itemId}: {points} puntos supera sus {max}',
    ja: '評価項目 {itemId}：{points} 点は配点 {max} 点を超えています',
  },
  notAVetoItem: {
    zh: '评分项 {itemId} 不是否定项',
    en: 'item {itemId} is not a veto item',
    es: 'el punto {itemId} no es un punto eliminatorio',
    ja: '評価項目 {itemId} は否定項目ではありません',
  },
  sheetIncomplete: {
    zh: '还有评分项未评分：{items}',
    en: 'these items are not scored yet: {items}',
    es: 'estos puntos aún no tienen puntuación: {items}',
    ja: '未採点の評価項目があります：{items}',
  },
  timerNotStarted: {
    zh: '考生 {id} 的计时还没有开始',
    en: 'the stopwatch for candidate {id} has not been started',
    es: 'el cronómetro del candidato {id} no se ha iniciado',
    ja: '受験者 {id} のストップウォッチはまだ開始されていません',
  },
  notChiefExaminer: {
    zh: '您不是考核 {id} 的考评组长',
    en: 'you are not the chief examiner of assessment {id}',
    es: 'usted no es el examinador jefe de la evaluación {id}',
    ja: 'あなたは考核 {id} の考評組長ではありません',
  },
  notScoreChecker: {
    zh: '您不是考核 {id} 的核分员',
    en: 'you are not the score checker of assessment {id}',
    es: 'usted no es el verificador de puntuaciones de la evaluación {id}',
    ja: 'あなたは考核 {id} の核分員ではありません',
  },
  notChiefOrChecker: {
    zh: '您既不是考核 {id} 的考评组长，也不是核分员',
    en: 'you are neither the chief examiner nor the score checker of assessment {id}',
    es: 'usted no es el examinador jefe ni el verificador de la evaluación {id}',
    ja: 'あなたは考核 {id} の考評組長でも核分員でもありません',
  },
  sheetNotSigned: {
    zh: '评分表 {id} 尚未签名，无需退回',
    en: 'sheet {id} is not signed, so there is nothing to reopen',
    es: 'la hoja {id} no está firmada; no hay nada que reabrir',
    ja: '評価表 {id} は未署名のため、再開するものはありません',
  },
  notDisputed: {
    zh: '考生 {id} 的考评员评分没有分歧，无需组长裁定',
    en: "candidate {id}'s examiners do not disagree, so there is nothing for the chief examiner to decide",
    es: 'los examinadores del candidato {id} no discrepan; el examinador jefe no tiene nada que decidir',
    ja: '受験者 {id} の考評員の採点に相違がないため、組長の裁定は不要です',
  },
  notReadyToCheck: {
    zh: '考生 {id} 的成绩尚未确定（需评分一致或组长裁定后才能核分）',
    en: "candidate {id}'s score is not settled yet (only agreed or decided scores are checked)",
    es: 'la puntuación del candidato {id} aún no está resuelta (solo se verifican las acordadas o decididas)',
    ja: '受験者 {id} の得点はまだ確定していません（一致または裁定後のみ核分できます）',
  },
  scoreOverFull: {
    zh: '分数 {score} 超过了满分 {full}',
    en: 'the score {score} is more than the full score {full}',
    es: 'la puntuación {score} supera la puntuación máxima {full}',
    ja: '得点 {score} は満点 {full} を超えています',
  },
  sumsDiffer: {
    zh: '考生 {id} 的合计核对不符：{detail}',
    en: "candidate {id}'s sums do not add up: {detail}",
    es: 'las sumas del candidato {id} no cuadran: {detail}',
    ja: '受験者 {id} の合計が一致しません：{detail}',
  },
} as const satisfies Record<string, Localized>;
