import type { InLanguages, Localized } from './languages.js';

/** Messages of the skills operation assessment: scoring sheets (docs/features/skills.md). */
export const SKILLS_MESSAGES = {
  sheetStepInvalid: {
    zh: '得分步长只能是 {steps} 之一',
    en: 'the rounding step must be one of {steps}',
    es: 'el paso de redondeo debe ser uno de {steps}',
    ja: '丸め単位は {steps} のいずれかにしてください',
  },
  sheetPointNotOfJobType: {
    zh: '第 {task} 项考核内容：{id} 不是申报工种“{name}”等级 {level} 的鉴定点',
    en: 'task {task}: {id} is not an appraisal point of job type "{name}" at level {level}',
    es: 'tarea {task}: {id} no es un punto de evaluación de la ocupación "{name}" en el nivel {level}',
    ja: '考核内容 {task}：{id} は受験職種「{name}」等級 {level} の評価項目ではありません',
  },
  sheetNoItems: {
    zh: '评分记录表没有评分项：请至少添加一项',
    en: 'the sheet has no items: add at least one',
    es: 'la hoja no tiene criterios: añada al menos uno',
    ja: '評価記録表に評価項目がありません。1 つ以上追加してください',
  },
  sheetTaskNoItems: {
    zh: '第 {task} 项考核内容“{title}”没有评分项',
    en: 'task {task} "{title}" has no items',
    es: 'la tarea {task} "{title}" no tiene criterios',
    ja: '考核内容 {task}「{title}」に評価項目がありません',
  },
  sheetItemPointsPositive: {
    zh: '第 {task} 项考核内容第 {item} 个评分项：配分必须大于 0（否定项除外）',
    en: 'task {task}, item {item}: the points must be more than 0 (except for a veto item)',
    es: 'tarea {task}, criterio {item}: los puntos deben ser más de 0 (salvo un criterio eliminatorio)',
    ja: '考核内容 {task} の評価項目 {item}：配点は 0 より大きくしてください（否定項目を除く）',
  },
  sheetVetoNoPoints: {
    zh: '第 {task} 项考核内容第 {item} 个评分项：否定项不配分（配分为 0）',
    en: 'task {task}, item {item}: a veto item carries no points (0)',
    es: 'tarea {task}, criterio {item}: un criterio eliminatorio no lleva puntos (0)',
    ja: '考核内容 {task} の評価項目 {item}：否定項目の配点は 0 です',
  },
  sheetInUse: {
    zh: '评分记录表“{name}”正被技能考核“{assessment}”使用，不能删除',
    en: 'sheet "{name}" is used by the skills assessment "{assessment}" and cannot be deleted',
    es: 'la hoja "{name}" la usa la evaluación práctica "{assessment}" y no se puede eliminar',
    ja: '評価記録表「{name}」は技能考核「{assessment}」で使われているため削除できません',
  },
  sheetImportProblems: {
    zh: '评分记录表文件有误，未导入任何内容：{problems}',
    en: 'the sheet file has problems and nothing was imported: {problems}',
    es: 'el archivo de la hoja tiene problemas y no se importó nada: {problems}',
    ja: '評価記録表ファイルに誤りがあるため、何も取り込みませんでした：{problems}',
  },
  sheetImportCell: {
    zh: '第 {row} 行第 {column} 列（{header}）：{problem}',
    en: 'row {row}, column {column} ({header}): {problem}',
    es: 'fila {row}, columna {column} ({header}): {problem}',
    ja: '{row} 行目 {column} 列（{header}）：{problem}',
  },
  sheetImportHeaderMissing: {
    zh: '缺少表头“{header}”',
    en: 'the header "{header}" is missing',
    es: 'falta el encabezado "{header}"',
    ja: '見出し「{header}」がありません',
  },
  sheetImportRequired: {
    zh: '必填',
    en: 'required',
    es: 'obligatorio',
    ja: '必須です',
  },
  sheetImportNotNumber: {
    zh: '“{value}”不是有效的数字',
    en: '"{value}" is not a valid number',
    es: '"{value}" no es un número válido',
    ja: '「{value}」は有効な数値ではありません',
  },
  sheetImportUnknownSubject: {
    zh: '没有代码为“{value}”的申报工种',
    en: 'there is no job type with code "{value}"',
    es: 'no hay ninguna ocupación con el código "{value}"',
    ja: 'コード「{value}」の受験職種はありません',
  },
  sheetImportUnknownPoint: {
    zh: '“{value}”不是该工种该等级的鉴定点代码',
    en: '"{value}" is not an appraisal point code of this job type and level',
    es: '"{value}" no es un código de punto de evaluación de esta ocupación y nivel',
    ja: '「{value}」はこの職種・等級の評価項目コードではありません',
  },
  sheetImportChoice: {
    zh: '“{value}”应为 {choices} 之一',
    en: '"{value}" must be one of {choices}',
    es: '"{value}" debe ser uno de {choices}',
    ja: '「{value}」は {choices} のいずれかにしてください',
  },
  sheetImportCellUnreadable: {
    zh: '无法读取的单元格（公式、标记或其他类型）',
    en: 'a cell that cannot be read (a formula, markup or another kind)',
    es: 'una celda que no se puede leer (fórmula, marcado u otro tipo)',
    ja: '読み取れないセル（数式・マークアップなど）',
  },
  sheetImportNoTask: {
    zh: '评分项之前没有考核内容',
    en: 'an item before any task',
    es: 'un criterio antes de cualquier tarea',
    ja: '考核内容より前に評価項目があります',
  },
} as const satisfies Record<string, Localized>;

/** The labels of a sheet's .xlsx (export and import): the header block and the item columns. */
export type SheetXlsxField =
  | 'subjectCode'
  | 'subjectName'
  | 'level'
  | 'name'
  | 'timeLimitMinutes'
  | 'overtimePointsPerMinute'
  | 'overtimeStopMinutes'
  | 'step';
export type SheetXlsxColumn =
  'number' | 'task' | 'pointCode' | 'what' | 'points' | 'criteria' | 'veto' | 'mode';

export interface SheetXlsxTexts {
  title: string;
  sheetName: string;
  fields: Record<SheetXlsxField, string>;
  columns: Record<SheetXlsxColumn, string>;
  yes: string;
  no: string;
  award: string;
  deduct: string;
  fullScore: string;
}

export const SHEET_XLSX_TEXTS: InLanguages<SheetXlsxTexts> = {
  zh: {
    title: '评分记录表',
    sheetName: '评分记录表',
    fields: {
      subjectCode: '工种代码',
      subjectName: '职业（工种）',
      level: '等级',
      name: '试题名称',
      timeLimitMinutes: '考核时限（分钟）',
      overtimePointsPerMinute: '超时每分钟扣分',
      overtimeStopMinutes: '超时停止（分钟）',
      step: '得分步长',
    },
    columns: {
      number: '序号',
      task: '考核内容',
      pointCode: '鉴定点代码',
      what: '考核要点',
      points: '配分',
      criteria: '评分标准',
      veto: '否定项',
      mode: '方式',
    },
    yes: '是',
    no: '否',
    award: '得分',
    deduct: '扣分',
    fullScore: '合计',
  },
  en: {
    title: 'Scoring sheet',
    sheetName: 'Scoring sheet',
    fields: {
      subjectCode: 'Job type code',
      subjectName: 'Job type',
      level: 'Level',
      name: 'Name',
      timeLimitMinutes: 'Time limit (minutes)',
      overtimePointsPerMinute: 'Overtime points per minute',
      overtimeStopMinutes: 'Overtime stop (minutes)',
      step: 'Rounding step',
    },
    columns: {
      number: 'No.',
      task: 'Task',
      pointCode: 'Appraisal point code',
      what: 'What is checked',
      points: 'Points',
      criteria: 'Scoring criteria',
      veto: 'Veto',
      mode: 'Mode',
    },
    yes: 'Yes',
    no: 'No',
    award: 'Award',
    deduct: 'Deduct',
    fullScore: 'Total',
  },
  es: {
    title: 'Hoja de puntuación',
    sheetName: 'Hoja de puntuación',
    fields: {
      subjectCode: 'Código de ocupación',
      subjectName: 'Ocupación',
      level: 'Nivel',
      name: 'Nombre',
      timeLimitMinutes: 'Tiempo límite (minutos)',
      overtimePointsPerMinute: 'Puntos por minuto excedido',
      overtimeStopMinutes: 'Parada por exceso (minutos)',
      step: 'Paso de redondeo',
    },
    columns: {
      number: 'N.º',
      task: 'Tarea',
      pointCode: 'Código del punto de evaluación',
      what: 'Qué se comprueba',
      points: 'Puntos',
      criteria: 'Criterios de puntuación',
      veto: 'Eliminatorio',
      mode: 'Modo',
    },
    yes: 'Sí',
    no: 'No',
    award: 'Sumar',
    deduct: 'Restar',
    fullScore: 'Total',
  },
  ja: {
    title: '評価記録表',
    sheetName: '評価記録表',
    fields: {
      subjectCode: '職種コード',
      subjectName: '受験職種',
      level: '等級',
      name: '名称',
      timeLimitMinutes: '制限時間（分）',
      overtimePointsPerMinute: '超過 1 分あたりの減点',
      overtimeStopMinutes: '超過打ち切り（分）',
      step: '丸め単位',
    },
    columns: {
      number: '番号',
      task: '考核内容',
      pointCode: '評価項目コード',
      what: '考核要点',
      points: '配点',
      criteria: '評価基準',
      veto: '否定項目',
      mode: '方式',
    },
    yes: 'はい',
    no: 'いいえ',
    award: '加点',
    deduct: '減点',
    fullScore: '合計',
  },
};
