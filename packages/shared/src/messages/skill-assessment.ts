import type { Localized } from './languages.js';

/** What messages about skills assessments name (spread into ENTITY_NAMES). */
export const SKILL_ASSESSMENT_ENTITY_NAMES = {
  skillAssessment: {
    zh: '技能考核',
    en: 'Skills assessment',
    es: 'Evaluación práctica',
    ja: '技能評価',
  },
} as const satisfies Record<string, Localized>;

/** The labels of an assessment's fields (spread into FIELD_LABELS). */
export const SKILL_ASSESSMENT_FIELD_LABELS = {
  sheetId: { zh: '评分记录表', en: 'Scoring sheet', es: 'Hoja de puntuación', ja: '評価記録表' },
  examinersPerCandidate: {
    zh: '每名考生的考评员人数',
    en: 'Examiners per candidate',
    es: 'Evaluadores por candidato',
    ja: '受験者あたりの評価者数',
  },
  chiefId: { zh: '考评组长', en: 'Chief examiner', es: 'Evaluador jefe', ja: '評価グループ長' },
  checkerId: { zh: '核分员', en: 'Score checker', es: 'Verificador de notas', ja: '点数確認者' },
  sessions: { zh: '场次', en: 'Sessions', es: 'Sesiones', ja: '実施回' },
  startsAt: { zh: '开始时间', en: 'Start', es: 'Inicio', ja: '開始時刻' },
  endsAt: { zh: '结束时间', en: 'End', es: 'Fin', ja: '終了時刻' },
  place: { zh: '考核地点', en: 'Place', es: 'Lugar', ja: '会場' },
  stations: { zh: '工位数', en: 'Stations', es: 'Puestos', ja: '作業台数' },
  station: { zh: '工位', en: 'Station', es: 'Puesto', ja: '作業台' },
  examiners: { zh: '考评员', en: 'Examiners', es: 'Evaluadores', ja: '評価者' },
} as const satisfies Record<string, Localized>;

/** Messages of skills assessments: drafting, validation, publishing (issue 26 §2). */
export const SKILL_ASSESSMENT_MESSAGES = {
  skillAssessmentNotDraft: {
    zh: '技能考核 {id} 已不是草稿，只有草稿可以修改或删除',
    en: 'skills assessment {id} is no longer a draft: only a draft can be changed or deleted',
    es: 'la evaluación práctica {id} ya no es un borrador: solo un borrador se puede cambiar o eliminar',
    ja: '技能評価 {id} はもう下書きではありません。変更・削除できるのは下書きだけです',
  },
  skillAssessmentAlreadyPublished: {
    zh: '技能考核 {id} 已发布',
    en: 'skills assessment {id} is already published',
    es: 'la evaluación práctica {id} ya está publicada',
    ja: '技能評価 {id} は公開済みです',
  },
  skillAssessmentNotPublished: {
    zh: '技能考核 {id} 未发布，只有已发布的考核可以结束',
    en: 'skills assessment {id} is not published: only a published assessment can be closed',
    es: 'la evaluación práctica {id} no está publicada: solo se puede cerrar una publicada',
    ja: '技能評価 {id} は公開されていません。終了できるのは公開済みの評価だけです',
  },
  skillAssessmentNotYours: {
    zh: '无权限：技能考核 {id} 含有未分配给您的报名批次',
    en: 'Permission denied: skills assessment {id} has batches not assigned to you',
    es: 'Permiso denegado: la evaluación práctica {id} tiene convocatorias que no le están asignadas',
    ja: '権限がありません：技能評価 {id} にはあなたに割り当てられていない申込回次があります',
  },
  skillClassOtherLevel: {
    zh: '报名批次“{name}”属于{subject}（{level}），不是评分记录表的{sheetSubject}（{sheetLevel}）',
    en: 'the batch “{name}” is for {subject} ({level}), not the scoring sheet’s {sheetSubject} ({sheetLevel})',
    es: 'la convocatoria «{name}» es de {subject} ({level}), no de {sheetSubject} ({sheetLevel}) de la hoja de calificación',
    ja: '申込回次「{name}」は{subject}（{level}）のもので、採点記録表の{sheetSubject}（{sheetLevel}）ではありません',
  },
  skillSchemeNoSkills: {
    zh: '认定方案 {id} 没有操作技能考核部分',
    en: 'certification scheme {id} has no skills operation component',
    es: 'el plan de certificación {id} no tiene componente de habilidades prácticas',
    ja: '認定方案 {id} には技能評価の部分がありません',
  },
  skillSchemeOtherLevel: {
    zh: '认定方案 {id} 属于{subject}（{level}），不是评分记录表的{sheetSubject}（{sheetLevel}）',
    en: 'certification scheme {id} is for {subject} ({level}), not the scoring sheet’s {sheetSubject} ({sheetLevel})',
    es: 'el plan de certificación {id} es de {subject} ({level}), no de {sheetSubject} ({sheetLevel}) de la hoja',
    ja: '認定方案 {id} は{subject}（{level}）のもので、採点記録表の{sheetSubject}（{sheetLevel}）ではありません',
  },
  skillSessionEndBeforeStart: {
    zh: '第 {session} 场：结束时间必须晚于开始时间',
    en: 'session {session}: the end must come after the start',
    es: 'sesión {session}: el final debe ser posterior al inicio',
    ja: '第 {session} 回：終了は開始より後でなければなりません',
  },
  skillSessionOverlap: {
    zh: '第 {a} 场与第 {b} 场在“{place}”时间重叠',
    en: 'sessions {a} and {b} overlap at “{place}”',
    es: 'las sesiones {a} y {b} se solapan en «{place}»',
    ja: '第 {a} 回と第 {b} 回は「{place}」で時間が重なっています',
  },
  skillStationOutOfRange: {
    zh: '第 {session} 场没有 {station} 号工位（共 {stations} 个）',
    en: 'session {session} has no station {station} (it has {stations})',
    es: 'la sesión {session} no tiene el puesto {station} (tiene {stations})',
    ja: '第 {session} 回には {station} 番の作業台がありません（全 {stations} 台）',
  },
  skillStationTwice: {
    zh: '第 {session} 场的 {station} 号工位重复列出',
    en: 'session {session}: station {station} is listed twice',
    es: 'sesión {session}: el puesto {station} aparece dos veces',
    ja: '第 {session} 回：{station} 番の作業台が二重に指定されています',
  },
  skillStationExaminerCount: {
    zh: '第 {session} 场 {station} 号工位指定了 {count} 名考评员，需要 {needed} 名',
    en: 'session {session}, station {station}: {count} examiners named, {needed} needed',
    es: 'sesión {session}, puesto {station}: {count} evaluadores indicados, se necesitan {needed}',
    ja: '第 {session} 回 {station} 番の作業台：評価者が {count} 名指定されていますが、{needed} 名必要です',
  },
  skillExaminerTwice: {
    zh: '第 {session} 场 {station} 号工位重复指定了考评员 {name}',
    en: 'session {session}, station {station}: the examiner {name} is named twice',
    es: 'sesión {session}, puesto {station}: el evaluador {name} aparece dos veces',
    ja: '第 {session} 回 {station} 番の作業台：評価者 {name} が二重に指定されています',
  },
  skillExaminerTwoStations: {
    zh: '第 {session} 场：考评员 {name} 同时被指定在 {a} 号和 {b} 号工位',
    en: 'session {session}: the examiner {name} is named at stations {a} and {b}',
    es: 'sesión {session}: el evaluador {name} figura en los puestos {a} y {b}',
    ja: '第 {session} 回：評価者 {name} が {a} 番と {b} 番の作業台に指定されています',
  },
  skillExaminerTwoSessions: {
    zh: '考评员 {name} 被同时指定在时间重叠的第 {a} 场和第 {b} 场',
    en: 'the examiner {name} is named in sessions {a} and {b}, which overlap in time',
    es: 'el evaluador {name} figura en las sesiones {a} y {b}, que se solapan en el tiempo',
    ja: '評価者 {name} が時間の重なる第 {a} 回と第 {b} 回に指定されています',
  },
  skillExaminerNoScore: {
    zh: '{name} 没有考评员权限（SKILLS-SCORE）',
    en: '{name} does not hold the examiner’s permission (SKILLS-SCORE)',
    es: '{name} no tiene el permiso de evaluador (SKILLS-SCORE)',
    ja: '{name} には評価者の権限（SKILLS-SCORE）がありません',
  },
  skillNoCheckPermission: {
    zh: '{name} 没有考评组长与核分权限（SKILLS-CHECK）',
    en: '{name} does not hold the chief examiner’s and checker’s permission (SKILLS-CHECK)',
    es: '{name} no tiene el permiso de evaluador jefe y verificador (SKILLS-CHECK)',
    ja: '{name} には評価グループ長と点数確認者の権限（SKILLS-CHECK）がありません',
  },
  skillCapacityShort: {
    zh: '各场次共可容纳 {capacity} 名考生，报名批次有 {candidates} 名，还缺 {missing} 个工位',
    en: 'the sessions seat {capacity} candidates but the batches have {candidates}: {missing} places are missing',
    es: 'las sesiones admiten {capacity} candidatos pero las convocatorias tienen {candidates}: faltan {missing} plazas',
    ja: '各回の定員は {capacity} 名ですが、申込回次には {candidates} 名います。{missing} 席足りません',
  },
} as const satisfies Record<string, Localized>;
