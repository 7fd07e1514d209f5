import {
  STUDENT_IMPORT_MAX_ROWS,
  type StudentImportColumn,
  type StudentImportLanguage,
} from '../schemas/student-import.js';
import type { CertLevel } from '../structure.js';
import { wordsIn, type InLanguages } from './languages.js';
import { levelNamesIn } from './names.js';

/**
 * The words of the import template and the export in each language: sheet names, the
 * instructions sheet and the file names. Headers and value words live in @kaoshi/shared
 * (STUDENT_IMPORT_HEADERS, STUDENT_IMPORT_VALUE_LABELS) because the parser reads them too.
 */
export interface TemplateTexts {
  sheets: { students: string; instructions: string; batches: string };
  fileNames: { template: string; export: string };
  /** Instructions sheet: title, general notes, then one line per column. */
  title: string;
  notes: string[];
  tableHeader: [string, string, string, string];
  required: string;
  optional: string;
  columns: Record<StudentImportColumn, string>;
  example: Record<StudentImportColumn, string>;
  batchesHeader: [string, string, string, string];
  noBatches: string;
  /** Certification levels as the batches sheet and the export name them (the web's words). */
  levels: Record<CertLevel, string>;
}

const MAX = STUDENT_IMPORT_MAX_ROWS.toLocaleString('en-US');

export const TEMPLATE_TEXTS: InLanguages<TemplateTexts> = {
  zh: {
    sheets: { students: '考生', instructions: '填写说明', batches: '可用报名批次' },
    fileNames: { template: '考生导入模板', export: '考生' },
    title: '考生导入说明',
    notes: [
      '在“考生”工作表第 1 行表头下方逐行填写，每行一名考生；不要修改表头（列的顺序可以调整）。',
      `每个文件最多 ${MAX} 名考生，文件不超过 5 MB，格式为 Excel 工作簿（.xlsx）。`,
      '证件号码已存在的考生会被更新（不会重复创建）；更新时留空的选填单元格保留原值。',
      '证件号码、手机号列请保持“文本”格式，否则 Excel 会丢失 15 位以后的数字。',
      '单元格中不能使用公式或 HTML 标记。新考生的用户名为系统生成的准考证号，密码为默认密码。',
      '“可用报名批次”工作表列出了您可以导入的批次编码。',
    ],
    tableHeader: ['列', '是否必填', '填写内容', '示例'],
    required: '必填',
    optional: '选填',
    columns: {
      name: '考生姓名，最多 50 个字符',
      gender: '男、女或未知（也可填 1、2、0）；留空为未知',
      idType: '居民身份证、护照、港澳台居民通行证或其他（也可填 1、2、3、9）；留空为居民身份证',
      idNumber: '居民身份证为 18 位并通过校验位检查；其他证件为字母和数字',
      phone: '11 位手机号，以 13 至 19 开头',
      email: '电子邮箱地址',
      batchCode: '报名批次的编码（见“可用报名批次”），决定考生的工种和等级',
      status: '启用或禁用（也可填 1、0）；留空为启用',
    },
    example: {
      name: '张三',
      gender: '男',
      idType: '居民身份证',
      idNumber: '11010519491231002X',
      phone: '13800138000',
      email: 'zhangsan@example.com',
      batchCode: 'B2026-01',
      status: '启用',
    },
    batchesHeader: ['报名批次编码', '报名批次', '申报工种', '等级'],
    noBatches: '您目前没有可导入的报名批次。',
    levels: levelNamesIn('zh'),
  },
  en: {
    sheets: { students: 'Students', instructions: 'Instructions', batches: 'Batches' },
    fileNames: { template: 'student-import-template', export: 'students' },
    title: 'How to fill in the student import file',
    notes: [
      'Fill in the "Students" sheet below the header row, one student per row; keep the headers (you may reorder the columns).',
      `At most ${MAX} students and 5 MB per file, saved as an Excel Workbook (.xlsx).`,
      'A student whose ID number already exists is updated, never duplicated; on an update an empty optional cell keeps the current value.',
      'Keep the ID number and mobile phone columns formatted as Text, or Excel drops digits after the 15th.',
      'No formulas or HTML markup in cells. New students sign in with their generated exam ticket number and the default password.',
      'The "Batches" sheet lists the batch codes you may import into.',
    ],
    tableHeader: ['Column', 'Required', 'What to enter', 'Example'],
    required: 'required',
    optional: 'optional',
    columns: {
      name: "The student's name, at most 50 characters",
      gender: 'Male, Female or Unknown (or 1, 2, 0); empty means Unknown',
      idType:
        'Resident ID card, Passport, HK/Macao/Taiwan permit or Other (or 1, 2, 3, 9); empty means Resident ID card',
      idNumber:
        'A resident ID has 18 characters and a valid check character; other documents letters and digits',
      phone: 'An 11-digit mobile number starting with 13 to 19',
      email: 'An email address',
      batchCode:
        "The registration batch's code (see the Batches sheet); it sets the job type and level",
      status: 'Enabled or Disabled (or 1, 0); empty means Enabled',
    },
    example: {
      name: 'Zhang San',
      gender: 'Male',
      idType: 'Resident ID card',
      idNumber: '11010519491231002X',
      phone: '13800138000',
      email: 'zhangsan@example.com',
      batchCode: 'B2026-01',
      status: 'Enabled',
    },
    batchesHeader: ['Batch code', 'Registration batch', 'Job type', 'Level'],
    noBatches: 'You have no registration batch to import into yet.',
    levels: levelNamesIn('en'),
  },
  es: {
    sheets: { students: 'Candidatos', instructions: 'Instrucciones', batches: 'Convocatorias' },
    fileNames: { template: 'plantilla-importacion-candidatos', export: 'candidatos' },
    title: 'Cómo rellenar el archivo de importación de candidatos',
    notes: [
      'Rellene la hoja "Candidatos" debajo de la fila de encabezados, un candidato por fila; no cambie los encabezados (puede reordenar las columnas).',
      `Como máximo ${MAX} candidatos y 5 MB por archivo, guardado como Libro de Excel (.xlsx).`,
      'Un candidato cuyo número de documento ya existe se actualiza, nunca se duplica; al actualizar, una celda opcional vacía conserva el valor actual.',
      'Mantenga las columnas de número de documento y teléfono con formato Texto, o Excel perderá los dígitos después del 15.º.',
      'No use fórmulas ni etiquetas HTML en las celdas. Los candidatos nuevos entran con su número de admisión generado y la contraseña predeterminada.',
      'La hoja "Convocatorias" lista los códigos en los que puede importar.',
    ],
    tableHeader: ['Columna', 'Obligatoria', 'Qué escribir', 'Ejemplo'],
    required: 'obligatoria',
    optional: 'opcional',
    columns: {
      name: 'Nombre del candidato, como máximo 50 caracteres',
      gender: 'Hombre, Mujer o Desconocido (o 1, 2, 0); vacío significa Desconocido',
      idType:
        'Documento de identidad, Pasaporte, Permiso HK/Macao/Taiwán u Otro (o 1, 2, 3, 9); vacío significa Documento de identidad',
      idNumber:
        'Un documento de identidad tiene 18 caracteres y un carácter de control válido; otros documentos, letras y dígitos',
      phone: 'Un móvil de 11 dígitos que empieza por 13 a 19',
      email: 'Una dirección de correo electrónico',
      batchCode:
        'El código de la convocatoria (vea la hoja Convocatorias); fija el oficio y el nivel',
      status: 'Activado o Desactivado (o 1, 0); vacío significa Activado',
    },
    example: {
      name: 'Zhang San',
      gender: 'Hombre',
      idType: 'Documento de identidad',
      idNumber: '11010519491231002X',
      phone: '13800138000',
      email: 'zhangsan@example.com',
      batchCode: 'B2026-01',
      status: 'Activado',
    },
    batchesHeader: ['Código de convocatoria', 'Convocatoria', 'Oficio', 'Nivel'],
    noBatches: 'Todavía no tiene ninguna convocatoria en la que importar.',
    levels: levelNamesIn('es'),
  },
  ja: {
    sheets: { students: '受験者', instructions: '記入方法', batches: '申込回次' },
    fileNames: { template: '受験者インポートテンプレート', export: '受験者' },
    title: '受験者インポートファイルの記入方法',
    notes: [
      '「受験者」シートの見出し行の下に、1 行に 1 人ずつ記入してください。見出しは変更しないでください（列の順序は変更できます）。',
      `1 ファイルあたり最大 ${MAX} 人、5 MB まで、Excel ブック（.xlsx）形式で保存してください。`,
      '身分証明書番号が既に存在する受験者は更新され、重複して作成されることはありません。更新時、空欄の任意項目は現在の値のままです。',
      '身分証明書番号と携帯電話番号の列は「文字列」書式のままにしてください。数値になると 15 桁目以降が失われます。',
      'セルに数式や HTML タグは使えません。新しい受験者は自動発行の受験票番号と初期パスワードでログインします。',
      '「申込回次」シートに、インポートできる回次コードの一覧があります。',
    ],
    tableHeader: ['列', '必須', '記入内容', '例'],
    required: '必須',
    optional: '任意',
    columns: {
      name: '受験者の氏名（50 文字以内）',
      gender: '男・女・不明（1、2、0 も可）。空欄は不明',
      idType:
        '住民身分証・パスポート・香港・マカオ・台湾通行証・その他（1、2、3、9 も可）。空欄は住民身分証',
      idNumber: '住民身分証は 18 桁でチェック文字が正しいこと。その他の書類は英数字',
      phone: '13〜19 で始まる 11 桁の携帯電話番号',
      email: 'メールアドレス',
      batchCode: '申込回次のコード（「申込回次」シート参照）。職種と等級が決まります',
      status: '有効または無効（1、0 も可）。空欄は有効',
    },
    example: {
      name: '張三',
      gender: '男',
      idType: '住民身分証',
      idNumber: '11010519491231002X',
      phone: '13800138000',
      email: 'zhangsan@example.com',
      batchCode: 'B2026-01',
      status: '有効',
    },
    batchesHeader: ['申込回次コード', '申込回次', '受験職種', '等級'],
    noBatches: 'インポートできる申込回次はまだありません。',
    levels: levelNamesIn('ja'),
  },
};

/** A level in the file's language; one outside the known five stays a number. */
export const levelWord = (language: StudentImportLanguage, level: number) =>
  wordsIn(TEMPLATE_TEXTS, language).levels[level as CertLevel] ?? level;
