import type { Localized } from './languages.js';

/** Messages of the exam structure: schools (exam projects), departments, subjects (job types) and classes. */
export const STRUCTURE_MESSAGES = {
  // Exam structure (school, department, subject, classes)
  schoolHasDepartments: {
    zh: '考试项目“{name}”下还有 {count} 个职业类别，请先删除或移走',
    en: "Exam project '{name}' still has job-type categories ({count}); delete or move them first",
    es: "El proyecto de examen '{name}' aún tiene categorías profesionales ({count}); elimínelas o muévalas primero",
    ja: '試験プロジェクト「{name}」にはまだ職業分類が {count} 件あります。先に削除または移動してください',
  },
  departmentHasSubjects: {
    zh: '职业类别“{name}”下还有 {count} 个申报工种，请先删除或移走',
    en: "Job-type category '{name}' still has job types ({count}); delete or move them first",
    es: "La categoría profesional '{name}' aún tiene ocupaciones ({count}); elimínelas o muévalas primero",
    ja: '職業分類「{name}」にはまだ受験職種が {count} 件あります。先に削除または移動してください',
  },
  subjectInUse: {
    zh: '申报工种“{name}”仍被 {classes} 个报名批次和 {knowledge} 个课程或鉴定点使用，请先删除它们',
    en: "Job type '{name}' is still used by registration batches ({classes}) and courses or appraisal points ({knowledge}); delete them first",
    es: "La ocupación '{name}' todavía la usan convocatorias ({classes}) y cursos o puntos de evaluación ({knowledge}); elimínelos primero",
    ja: '受験職種「{name}」はまだ申込回次 {classes} 件とコースまたは評価項目 {knowledge} 件で使われています。先に削除してください',
  },
  subjectLevelsInUse: {
    zh: '申报工种“{name}”的等级 {levels} 仍被 {classes} 个报名批次和 {knowledge} 个课程或鉴定点使用',
    en: "level {levels} of job type '{name}' is still used by registration batches ({classes}) and courses or appraisal points ({knowledge})",
    es: "el nivel {levels} de la ocupación '{name}' todavía lo usan convocatorias ({classes}) y cursos o puntos de evaluación ({knowledge})",
    ja: '受験職種「{name}」の等級 {levels} はまだ申込回次 {classes} 件とコースまたは評価項目 {knowledge} 件で使われています',
  },
  subjectOffersLevels: {
    zh: '申报工种“{name}”只有等级 {levels}',
    en: "job type '{name}' offers only level {levels}",
    es: "la ocupación '{name}' solo ofrece el nivel {levels}",
    ja: '受験職種「{name}」には等級 {levels} しかありません',
  },
  classHasStudentsNoMove: {
    zh: '报名批次“{name}”已有 {count} 名考生，不能更改其工种和等级',
    en: "Registration batch '{name}' has students ({count}); its job type and level cannot change",
    es: "La convocatoria '{name}' tiene candidatos ({count}); su ocupación y nivel no pueden cambiar",
    ja: '申込回次「{name}」には受験者が {count} 名います。職種と等級は変更できません',
  },
  classCapacityBelowStudents: {
    zh: '报名批次“{name}”已有 {count} 名考生',
    en: "registration batch '{name}' already has students ({count})",
    es: "la convocatoria '{name}' ya tiene candidatos ({count})",
    ja: '申込回次「{name}」には既に受験者が {count} 名います',
  },
  classHasStudents: {
    zh: '报名批次“{name}”下还有 {count} 名考生，请先移走或删除',
    en: "Registration batch '{name}' still has students ({count}); move or delete them first",
    es: "La convocatoria '{name}' aún tiene candidatos ({count}); muévalos o elimínelos primero",
    ja: '申込回次「{name}」にはまだ受験者が {count} 名います。先に移動または削除してください',
  },
  notTeachers: {
    zh: '用户 {ids} 不是教师（用户类型 2）',
    en: 'user {ids} is not a teacher (userType 2)',
    es: 'el usuario {ids} no es profesor (tipo de usuario 2)',
    ja: 'ユーザー {ids} は教師（ユーザー種別 2）ではありません',
  },
  usersOrBatchNotFound: {
    zh: '用户 {ids} 或报名批次 {classId} 不存在',
    en: 'User {ids} or registration batch {classId} not found',
    es: 'El usuario {ids} o la convocatoria {classId} no existe',
    ja: 'ユーザー {ids} または申込回次 {classId} が見つかりません',
  },
  notBefore: {
    zh: '不能早于{other}',
    en: 'must not be before {other}',
    es: 'no debe ser anterior a {other}',
    ja: '{other}より前にはできません',
  },
  dateOrDateTime: {
    zh: '必须是日期（YYYY-MM-DD）或 ISO-8601 日期时间',
    en: 'must be a date (YYYY-MM-DD) or an ISO-8601 date-time',
    es: 'debe ser una fecha (AAAA-MM-DD) o una fecha y hora ISO-8601',
    ja: '日付（YYYY-MM-DD）または ISO-8601 の日時である必要があります',
  },
  isoDate: {
    zh: '必须是 ISO-8601 日期',
    en: 'must be an ISO-8601 date',
    es: 'debe ser una fecha ISO-8601',
    ja: 'ISO-8601 の日付である必要があります',
  },
  httpUrlOrPath: {
    zh: '必须是 http(s) 地址或以 / 开头的路径',
    en: 'must be an http(s) URL or a path starting with /',
    es: 'debe ser una URL http(s) o una ruta que empiece por /',
    ja: 'http(s) の URL か / で始まるパスである必要があります',
  },
  httpUrl: {
    zh: '必须是 http:// 或 https:// 地址',
    en: 'must be an http:// or https:// address',
    es: 'debe ser una dirección http:// o https://',
    ja: 'http:// または https:// のアドレスである必要があります',
  },
  onlyCharacters: {
    zh: '只能包含字母、数字和 {chars}',
    en: 'may hold only letters, digits and {chars}',
    es: 'solo puede contener letras, dígitos y {chars}',
    ja: '英字、数字、{chars} のみ使用できます',
  },
  upperCaseKey: {
    zh: '必须以大写字母开头，只能包含大写字母、数字和 {chars}',
    en: 'must be upper-case letters, digits and {chars}, starting with a letter',
    es: 'debe tener letras mayúsculas, dígitos y {chars}, empezando por una letra',
    ja: '英大文字で始まり、英大文字、数字、{chars} のみ使用できます',
  },
  clientHash: {
    zh: '必须是密码的客户端哈希（32 位小写十六进制）',
    en: 'must be the client hash of the password (32 lowercase hex digits)',
    es: 'debe ser el hash de cliente de la contraseña (32 dígitos hexadecimales en minúscula)',
    ja: 'パスワードのクライアントハッシュ（小文字 16 進数 32 桁）である必要があります',
  },
  mobilePhone: {
    zh: '必须是以 13 至 19 开头的 11 位手机号，或留空',
    en: 'must be an 11-digit mobile number starting with 13 to 19, or empty',
    es: 'debe ser un número móvil de 11 dígitos que empiece por 13 a 19, o vacío',
    ja: '13〜19 で始まる 11 桁の携帯番号か、空欄である必要があります',
  },
  gender: {
    zh: '必须是 0（未知）、1（男）或 2（女）',
    en: 'must be 0 (unknown), 1 (male) or 2 (female)',
    es: 'debe ser 0 (desconocido), 1 (hombre) o 2 (mujer)',
    ja: '0（不明）、1（男性）、2（女性）のいずれかである必要があります',
  },
  atLeastOne: {
    zh: '至少选择一项',
    en: 'must name at least one',
    es: 'debe indicar al menos uno',
    ja: '少なくとも 1 件指定してください',
  },
  requiredWhenRejecting: {
    zh: '驳回时必填',
    en: 'required when rejecting',
    es: 'obligatorio al rechazar',
    ja: '差し戻す場合は必須です',
  },
  atMostTwoDecimals: {
    zh: '最多两位小数',
    en: 'may have at most two decimals',
    es: 'puede tener como máximo dos decimales',
    ja: '小数点以下は 2 桁までです',
  },
} as const satisfies Record<string, Localized>;
