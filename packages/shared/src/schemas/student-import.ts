import { z } from 'zod';
import type { IdTypeCode } from '../identity.js';
import { listStudentQuery } from './base.js';

/**
 * Student import and export (Excel, .xlsx): the columns of the template, the problems a row can
 * have, and what a preview and an import answer.
 *
 * The batch of a row is given by the registration batch's CODE (classes.code, unique): names
 * repeat across job types and levels, ids mean nothing to the person filling the sheet.
 * A row whose identity number belongs to an existing student the user may manage updates that
 * student (identity numbers are unique whatever their document type), so re-importing a file
 * never creates duplicates.
 */

/** Languages of the template's header row and instructions; the parser accepts all of them. */
export const STUDENT_IMPORT_LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type StudentImportLanguage = (typeof STUDENT_IMPORT_LANGUAGES)[number];

/** The columns of the template, in its order. */
export const STUDENT_IMPORT_COLUMNS = [
  'name',
  'gender',
  'idType',
  'idNumber',
  'phone',
  'email',
  'batchCode',
  'status',
] as const;
export type StudentImportColumn = (typeof STUDENT_IMPORT_COLUMNS)[number];

/** Columns that must be present in the header row (the others default when left out). */
export const STUDENT_IMPORT_REQUIRED_COLUMNS: readonly StudentImportColumn[] = [
  'name',
  'idNumber',
  'batchCode',
];

/**
 * Read-only columns an export adds after the template's; the import recognises and ignores
 * them, so an exported file can be edited and imported again as it is.
 */
export const STUDENT_EXPORT_EXTRA_COLUMNS = [
  'ticketNumber',
  'batchName',
  'subjectName',
  'level',
  /** While the account still has it (blank once the student chose their own). */
  'initialPassword',
] as const;
export type StudentExportExtraColumn = (typeof STUDENT_EXPORT_EXTRA_COLUMNS)[number];

/** Header text of every column in each language. */
export const STUDENT_IMPORT_HEADERS: Record<
  StudentImportLanguage,
  Record<StudentImportColumn | StudentExportExtraColumn, string>
> = {
  zh: {
    name: '姓名',
    gender: '性别',
    idType: '证件类型',
    idNumber: '证件号码',
    phone: '手机号',
    email: '邮箱',
    batchCode: '报名批次编码',
    status: '状态',
    ticketNumber: '准考证号',
    batchName: '报名批次',
    subjectName: '申报工种',
    level: '等级',
    initialPassword: '初始密码',
  },
  en: {
    name: 'Name',
    gender: 'Gender',
    idType: 'ID type',
    idNumber: 'ID number',
    phone: 'Mobile phone',
    email: 'Email',
    batchCode: 'Batch code',
    status: 'Status',
    ticketNumber: 'Exam ticket number',
    batchName: 'Registration batch',
    subjectName: 'Job type',
    level: 'Level',
    initialPassword: 'Initial password',
  },
  es: {
    name: 'Nombre',
    gender: 'Sexo',
    idType: 'Tipo de documento',
    idNumber: 'Número de documento',
    phone: 'Teléfono móvil',
    email: 'Correo electrónico',
    batchCode: 'Código de convocatoria',
    status: 'Estado',
    ticketNumber: 'Número de admisión',
    batchName: 'Convocatoria',
    subjectName: 'Oficio',
    level: 'Nivel',
    initialPassword: 'Contraseña inicial',
  },
  ja: {
    name: '氏名',
    gender: '性別',
    idType: '身分証明書の種類',
    idNumber: '身分証明書番号',
    phone: '携帯電話番号',
    email: 'メールアドレス',
    batchCode: '申込回次コード',
    status: '状態',
    ticketNumber: '受験票番号',
    batchName: '申込回次',
    subjectName: '受験職種',
    level: '等級',
    initialPassword: '初期パスワード',
  },
};

/**
 * Words a cell may hold for the coded columns, per language (the first is what the template and
 * export write). The numeric codes (gender 0/1/2, idType 1/2/3/9, status 0/1) are accepted too.
 */
export const STUDENT_IMPORT_VALUE_LABELS: Record<
  StudentImportLanguage,
  {
    gender: Record<0 | 1 | 2, string>;
    idType: Record<IdTypeCode, string>;
    status: Record<0 | 1, string>;
  }
> = {
  zh: {
    gender: { 0: '未知', 1: '男', 2: '女' },
    idType: { 1: '居民身份证', 2: '护照', 3: '港澳台居民通行证', 9: '其他' },
    status: { 0: '禁用', 1: '启用' },
  },
  en: {
    gender: { 0: 'Unknown', 1: 'Male', 2: 'Female' },
    idType: { 1: 'Resident ID card', 2: 'Passport', 3: 'HK/Macao/Taiwan permit', 9: 'Other' },
    status: { 0: 'Disabled', 1: 'Enabled' },
  },
  es: {
    gender: { 0: 'Desconocido', 1: 'Hombre', 2: 'Mujer' },
    idType: {
      1: 'Documento de identidad',
      2: 'Pasaporte',
      3: 'Permiso HK/Macao/Taiwán',
      9: 'Otro',
    },
    status: { 0: 'Desactivado', 1: 'Activado' },
  },
  ja: {
    gender: { 0: '不明', 1: '男', 2: '女' },
    idType: { 1: '住民身分証', 2: 'パスポート', 3: '香港・マカオ・台湾通行証', 9: 'その他' },
    status: { 0: '無効', 1: '有効' },
  },
};

/** Why a row cannot be imported; the web app translates the code, `message` is English. */
export const STUDENT_IMPORT_ERROR_CODES = [
  /** A required cell (name, ID number, batch code) is empty. */
  'required',
  /** Longer than the column allows (name 50, ID number 32, email 100, phone 20, batch code 32). */
  'tooLong',
  /** Not a known gender word or code. */
  'gender',
  /** Not a known document type word or code. */
  'idType',
  /** The number does not fit its document type's format. */
  'idNumberFormat',
  /** A resident ID whose digits 7 to 14 are not a real birth date. */
  'idNumberBirthDate',
  /** A resident ID whose check character is wrong. */
  'idNumberChecksum',
  /** A number cell too long for Excel to have kept every digit (format the column as text). */
  'lostDigits',
  /** Not an 11-digit mainland mobile number. */
  'phone',
  /** Not an email address. */
  'email',
  /** Not a known status word or code. */
  'status',
  /** No batch has this code. */
  'unknownBatch',
  /** The batch exists but is not one of the teacher's assigned batches. */
  'batchNotYours',
  /** The batch has no seats left for the rows the file adds to it. */
  'batchFull',
  /** An earlier row of the file has the same ID number (the first one counts). */
  'duplicateInFile',
  /** A student with this ID number exists in a batch the user may not manage. */
  'duplicateInDatabase',
  /** A formula cell (never evaluated), or text starting with "=". */
  'formula',
  /** Markup (HTML tags or entities) in a cell. */
  'html',
  /** A cell of a kind the column cannot hold (a date, an error value, true/false …). */
  'cellType',
] as const;
export type StudentImportErrorCode = (typeof STUDENT_IMPORT_ERROR_CODES)[number];

export interface StudentImportRowError {
  column: StudentImportColumn;
  code: StudentImportErrorCode;
  /** English; the web app shows its own words for `code`. */
  message: string;
}

export interface StudentImportPreviewRow {
  /** The spreadsheet's row number (the header is row 1 in the template). */
  row: number;
  /** The cells as text, trimmed; '' for an empty one. */
  values: Record<StudentImportColumn, string>;
  /** What importing would do; null when the row has errors. */
  action: 'create' | 'update' | null;
  errors: StudentImportRowError[];
}

export interface StudentImportPreview {
  /** Data rows (blank rows are not counted). */
  total: number;
  valid: number;
  invalid: number;
  creates: number;
  updates: number;
  /** Every data row, in sheet order. */
  rows: StudentImportPreviewRow[];
}

export interface StudentImportResult {
  created: number;
  updated: number;
  /** Invalid rows left out ('skipInvalid'). */
  skipped: number;
  total: number;
  /** Each new account with its initial password, shown this once (the export also has them). */
  accounts: { ticketNumber: string; name: string; idNumber: string; initialPassword: string }[];
}

/** 'skipInvalid': write the good rows, leave the bad ones; 'allOrNothing': any bad row, no write. */
export const STUDENT_IMPORT_MODES = ['skipInvalid', 'allOrNothing'] as const;
export type StudentImportMode = (typeof STUDENT_IMPORT_MODES)[number];

/** Largest upload accepted (bytes); a larger one is refused with 10002. */
export const STUDENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Most data rows one file may hold. */
export const STUDENT_IMPORT_MAX_ROWS = 20_000;

export const studentImportLanguage = z.preprocess(
  (value) => (value === '' || value === undefined ? 'zh' : value),
  z.enum(STUDENT_IMPORT_LANGUAGES, {
    message: `must be one of ${STUDENT_IMPORT_LANGUAGES.join(', ')}`,
  }),
);

export const studentImportTemplateQuery = z.object({ lang: studentImportLanguage });
export type StudentImportTemplateQuery = z.infer<typeof studentImportTemplateQuery>;

export const studentImportMode = z.enum(STUDENT_IMPORT_MODES, {
  message: `must be one of ${STUDENT_IMPORT_MODES.join(', ')}`,
});

/** listStudent's filters and order (no paging: every matching student), plus the language. */
export const studentExportQuery = listStudentQuery
  .omit({ page: true, limit: true })
  .extend({ lang: studentImportLanguage });
export type StudentExportQuery = z.infer<typeof studentExportQuery>;
