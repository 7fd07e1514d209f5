import { QUESTION_IMPORT_MAX_BYTES, type CertLevel } from '@kaoshi/shared';

// The question import dialog's sources: what each takes and how a wrong file is named.

export type Source = 'excel' | 'text' | 'moodleXml' | 'gift' | 'qti' | 'docx';
export type ForeignSource = 'moodleXml' | 'gift' | 'qti' | 'docx';
/** Sources read from a file another tool wrote, placed under the structure chosen here. */
export const isForeign = (source: Source): source is ForeignSource =>
  source === 'moodleXml' || source === 'gift' || source === 'qti' || source === 'docx';
/** What the file picker of each foreign source takes, and its button's text. */
export const FOREIGN_FILES = {
  moodleXml: { accept: '.xml', open: 'question.import.openMoodleXml' },
  gift: { accept: '.gift,.txt', open: 'question.import.openGift' },
  qti: { accept: '.zip,.xml', open: 'question.import.openQti' },
  docx: { accept: '.docx', open: 'question.import.openDocx' },
} as const satisfies Record<ForeignSource, { accept: string; open: string }>;
const FILE_PATTERNS: Record<Source, RegExp> = {
  excel: /\.xlsx$/i,
  text: /\.txt$/i,
  moodleXml: /\.xml$/i,
  gift: /\.(gift|txt)$/i,
  qti: /\.(zip|xml)$/i,
  docx: /\.docx$/i,
};
export const WRONG_TYPE = {
  excel: 'question.import.wrongExcel',
  text: 'question.import.wrongText',
  moodleXml: 'question.import.wrongMoodleXml',
  gift: 'question.import.wrongGift',
  qti: 'question.import.wrongQti',
  docx: 'question.import.wrongDocx',
} as const satisfies Record<Source, string>;
/** The foreign sources' file picker: what it accepts and its button's words. */
export const TARGET_CHAIN = ['subjectId', 'level', 'courseId', 'pointId'] as const;

export interface TargetValues {
  subjectId?: number;
  level?: CertLevel;
  courseId?: number;
  pointId?: number;
}

/** Whether a chosen file may be sent: the kind the source takes, of at most the upload limit. */
export function fileProblem(file: File, source: Source): 'wrongType' | 'tooLarge' | undefined {
  if (!FILE_PATTERNS[source].test(file.name)) return 'wrongType';
  if (file.size > QUESTION_IMPORT_MAX_BYTES) return 'tooLarge';
  return undefined;
}
