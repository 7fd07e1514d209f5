import { QUESTION_IMPORT_MAX_ROWS, type QuestionImportColumn } from '../schemas/question.js';
import type { InLanguages } from './languages.js';

/**
 * The words of the question template and export in each language: sheet names, the
 * instructions sheet and the file names. Headers and type words live in @kaoshi/shared
 * (QUESTION_IMPORT_HEADERS, QUESTION_TYPE_WORDS) because the parser reads them too.
 */

/** Columns the instructions describe: the ten option columns share one line. */
export type DescribedColumn = Exclude<
  QuestionImportColumn,
  `option${'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J'}`
>;

export interface QuestionTemplateTexts {
  sheets: { questions: string; instructions: string; structure: string };
  fileNames: { template: string; export: string };
  title: string;
  notes: string[];
  tableHeader: [string, string, string, string];
  required: string;
  optional: string;
  /** The header shown for the ten option columns together. */
  optionsHeader: string;
  columns: Record<DescribedColumn, string>;
  example: Record<DescribedColumn, string>;
  structureHeader: [string, string, string, string, string, string, string];
  noStructure: string;
}

const MAX = QUESTION_IMPORT_MAX_ROWS.toLocaleString('en-US');

export const QUESTION_TEMPLATE_TEXTS: InLanguages<QuestionTemplateTexts> = {
  zh: {
    sheets: { questions: '试题', instructions: '填写说明', structure: '工种课程鉴定点编码' },
    fileNames: { template: '试题导入模板', export: '试题' },
    title: '试题导入说明',
    notes: [
      '在“试题”工作表第 1 行表头下方逐行填写，每行一道试题；不要修改表头（列的顺序可以调整）。',
      `每个文件最多 ${MAX} 道试题，文件不超过 5 MB，格式为 Excel 工作簿（.xlsx）；也可以导入纯文本（.txt，格式见使用说明）。`,
      '题干、选项、解析可以是纯文本（换行成为段落），也可以是 HTML；HTML 会按安全白名单过滤。',
      '单元格中不能使用公式。导入的试题为“未开始审核”状态，需要提交审核。',
      '“工种课程鉴定点编码”工作表列出了可以填写的申报工种、等级、课程和鉴定点编码。',
    ],
    tableHeader: ['列', '是否必填', '填写内容', '示例'],
    required: '必填',
    optional: '选填',
    optionsHeader: '选项A – 选项J',
    columns: {
      type: '单选题、多选题、判断题、外部链接、填空题、简答题（也可填 0–5）',
      content: '题干；填空题用三个或更多下划线 ___ 表示每个空',
      optionA: '单选题和多选题的选项，从 A 开始连续填写，2 至 10 个，不能为空或重复',
      answer:
        '单选：B；多选：ACD；判断：对/错（或 T/F）；填空：各空用 | 分隔，同一空的多个答案用 / 分隔；简答：参考答案；外部链接：评分说明（选填）',
      linkUrl: '外部链接题的任务地址（http:// 或 https://）',
      analysis: '答案解析',
      score: '分值，大于 0，最多两位小数；留空为 1',
      difficulty: '难度 1 至 5；留空为 3',
      subjectCode: '申报工种编码（见编码工作表）',
      level: '等级 5（初级工）至 1（高级技师），须为该工种的等级',
      courseCode: '该工种和等级下的课程编码',
      pointCode: '该课程下的鉴定点编码',
      tags: '标签，用逗号分隔，最多 10 个，每个不超过 20 个字符',
    },
    example: {
      type: '单选题',
      content: '下列哪个电压是安全电压？',
      optionA: '220V',
      answer: 'B',
      linkUrl: '',
      analysis: '36V 及以下为安全电压。',
      score: '2',
      difficulty: '3',
      subjectCode: 'J-01',
      level: '5',
      courseCode: 'C-01',
      pointCode: 'C-01.1',
      tags: '电工, 安全',
    },
    structureHeader: [
      '申报工种编码',
      '申报工种',
      '等级',
      '课程编码',
      '课程',
      '鉴定点编码',
      '鉴定点',
    ],
    noStructure: '目前没有课程：请先在“课程管理”中添加。',
  },
  en: {
    sheets: { questions: 'Questions', instructions: 'Instructions', structure: 'Codes' },
    fileNames: { template: 'question-import-template', export: 'questions' },
    title: 'How to fill in the question import file',
    notes: [
      'Fill in the "Questions" sheet below the header row, one question per row; keep the headers (you may reorder the columns).',
      `At most ${MAX} questions and 5 MB per file, saved as an Excel Workbook (.xlsx); plain text (.txt, see the manual) is accepted too.`,
      'Stem, options and analysis may be plain text (line breaks become paragraphs) or HTML; HTML is filtered by the safety allow-list.',
      'No formulas in cells. Imported questions start as "not started" and must be submitted for review.',
      'The "Codes" sheet lists the job type, level, course and appraisal point codes you may use.',
    ],
    tableHeader: ['Column', 'Required', 'What to enter', 'Example'],
    required: 'Required',
    optional: 'Optional',
    optionsHeader: 'Option A – Option J',
    columns: {
      type: 'Single choice, Multiple choice, True or false, External link, Fill in the blank, Short answer (or 0–5)',
      content: 'The stem; in a fill-in question three or more underscores ___ mark each blank',
      optionA:
        'Options of single- and multiple-choice questions, from A on without gaps, 2 to 10, none empty or repeated',
      answer:
        'Single: B; multiple: ACD; true or false: T/F; fill-in: blanks separated by |, alternatives of one blank by /; short answer: the model answer; external link: marking guide (optional)',
      linkUrl: 'The task address of an external-link question (http:// or https://)',
      analysis: 'Explanation of the answer',
      score: 'Points, more than 0, at most two decimals; empty means 1',
      difficulty: 'Difficulty 1 to 5; empty means 3',
      subjectCode: 'Job type code (see the Codes sheet)',
      level: 'Level 5 (junior) to 1 (senior technician), one the job type has',
      courseCode: 'A course code of that job type and level',
      pointCode: 'An appraisal point code of that course',
      tags: 'Tags separated by commas, at most 10 of at most 20 characters',
    },
    example: {
      type: 'Single choice',
      content: 'Which voltage is a safe voltage?',
      optionA: '220 V',
      answer: 'B',
      linkUrl: '',
      analysis: '36 V and below count as safe.',
      score: '2',
      difficulty: '3',
      subjectCode: 'J-01',
      level: '5',
      courseCode: 'C-01',
      pointCode: 'C-01.1',
      tags: 'electrical, safety',
    },
    structureHeader: [
      'Job type code',
      'Job type',
      'Level',
      'Course code',
      'Course',
      'Appraisal point code',
      'Appraisal point',
    ],
    noStructure: 'There are no courses yet: add them under Course management first.',
  },
  es: {
    sheets: { questions: 'Preguntas', instructions: 'Instrucciones', structure: 'Códigos' },
    fileNames: { template: 'plantilla-importacion-preguntas', export: 'preguntas' },
    title: 'Cómo rellenar el archivo de importación de preguntas',
    notes: [
      'Rellene la hoja «Preguntas» debajo de la fila de encabezados, una pregunta por fila; no cambie los encabezados (puede reordenar las columnas).',
      `Como máximo ${MAX} preguntas y 5 MB por archivo, guardado como libro de Excel (.xlsx); también se acepta texto plano (.txt, vea el manual).`,
      'El enunciado, las opciones y la explicación pueden ser texto plano (los saltos de línea forman párrafos) o HTML; el HTML se filtra con la lista de seguridad.',
      'Sin fórmulas en las celdas. Las preguntas importadas quedan en estado «Revisión no iniciada» y deben enviarse a revisión.',
      'La hoja «Códigos» lista los códigos de oficio, nivel, curso y punto de evaluación que puede usar.',
    ],
    tableHeader: ['Columna', 'Obligatoria', 'Qué escribir', 'Ejemplo'],
    required: 'Obligatoria',
    optional: 'Opcional',
    optionsHeader: 'Opción A – Opción J',
    columns: {
      type: 'Opción única, Opción múltiple, Verdadero o falso, Enlace externo, Completar espacios, Respuesta corta (o 0–5)',
      content:
        'El enunciado; en completar espacios, tres o más guiones bajos ___ marcan cada espacio',
      optionA:
        'Opciones de las preguntas de opción única y múltiple, desde A sin huecos, de 2 a 10, ninguna vacía ni repetida',
      answer:
        'Única: B; múltiple: ACD; verdadero o falso: T/F; completar: espacios separados por |, alternativas de un espacio por /; respuesta corta: la respuesta modelo; enlace externo: guía de corrección (opcional)',
      linkUrl: 'La dirección de la tarea de una pregunta de enlace externo (http:// o https://)',
      analysis: 'Explicación de la respuesta',
      score: 'Puntos, más de 0, como máximo dos decimales; vacío significa 1',
      difficulty: 'Dificultad de 1 a 5; vacío significa 3',
      subjectCode: 'Código del oficio (vea la hoja Códigos)',
      level: 'Nivel 5 (básico) a 1 (técnico superior), uno que tenga el oficio',
      courseCode: 'Un código de curso de ese oficio y nivel',
      pointCode: 'Un código de punto de evaluación de ese curso',
      tags: 'Etiquetas separadas por comas, como máximo 10 de hasta 20 caracteres',
    },
    example: {
      type: 'Opción única',
      content: '¿Qué tensión es una tensión de seguridad?',
      optionA: '220 V',
      answer: 'B',
      linkUrl: '',
      analysis: '36 V o menos se considera seguro.',
      score: '2',
      difficulty: '3',
      subjectCode: 'J-01',
      level: '5',
      courseCode: 'C-01',
      pointCode: 'C-01.1',
      tags: 'electricidad, seguridad',
    },
    structureHeader: [
      'Código de oficio',
      'Oficio',
      'Nivel',
      'Código de curso',
      'Curso',
      'Código de punto de evaluación',
      'Punto de evaluación',
    ],
    noStructure: 'Todavía no hay cursos: añádalos primero en Gestión de cursos.',
  },
  ja: {
    sheets: { questions: '問題', instructions: '記入方法', structure: 'コード一覧' },
    fileNames: { template: '問題インポートテンプレート', export: '問題' },
    title: '問題インポートファイルの記入方法',
    notes: [
      '「問題」シートの見出し行の下に 1 行 1 問で記入してください。見出しは変更しないでください（列の順序は変更できます）。',
      `1 ファイルにつき最大 ${MAX} 問、5 MB まで、Excel ブック（.xlsx）形式で保存してください。プレーンテキスト（.txt、マニュアル参照）も使えます。`,
      '問題文・選択肢・解説はプレーンテキスト（改行は段落になります）または HTML で記入できます。HTML は安全な許可リストで処理されます。',
      'セルに数式は使えません。インポートした問題は「審査未開始」となり、審査に提出する必要があります。',
      '「コード一覧」シートに使用できる受験職種・等級・科目・評価項目のコードがあります。',
    ],
    tableHeader: ['列', '必須', '記入内容', '例'],
    required: '必須',
    optional: '任意',
    optionsHeader: '選択肢A – 選択肢J',
    columns: {
      type: '単一選択、複数選択、正誤判定、外部リンク、穴埋め、記述式（0–5 も可）',
      content: '問題文。穴埋め問題では 3 つ以上のアンダースコア ___ で各空欄を表します',
      optionA: '単一選択・複数選択の選択肢。A から順に 2～10 個、空欄や重複は不可',
      answer:
        '単一選択：B、複数選択：ACD、正誤判定：T/F、穴埋め：空欄ごとに | で区切り、同じ空欄の別解は / で区切る、記述式：模範解答、外部リンク：採点基準（任意）',
      linkUrl: '外部リンク問題の課題アドレス（http:// または https://）',
      analysis: '解答の解説',
      score: '配点。0 より大きく小数第 2 位まで。空欄は 1',
      difficulty: '難易度 1～5。空欄は 3',
      subjectCode: '受験職種コード（コード一覧シート参照）',
      level: '等級 5（初級）～1（上級技師）。その職種にある等級',
      courseCode: 'その職種・等級の科目コード',
      pointCode: 'その科目の評価項目コード',
      tags: 'タグ。カンマ区切りで最大 10 個、各 20 文字まで',
    },
    example: {
      type: '単一選択',
      content: '安全電圧はどれですか。',
      optionA: '220V',
      answer: 'B',
      linkUrl: '',
      analysis: '36V 以下が安全電圧です。',
      score: '2',
      difficulty: '3',
      subjectCode: 'J-01',
      level: '5',
      courseCode: 'C-01',
      pointCode: 'C-01.1',
      tags: '電気, 安全',
    },
    structureHeader: [
      '受験職種コード',
      '受験職種',
      '等級',
      '科目コード',
      '科目',
      '評価項目コード',
      '評価項目',
    ],
    noStructure: '科目がまだありません。先に科目管理で追加してください。',
  },
};
