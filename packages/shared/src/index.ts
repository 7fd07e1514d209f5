export * from './codes.js';
export * from './format.js';
export * from './labels.js';
export * from './password.js';
export * from './permissions.js';
export * from './schemas/common.js';
export * from './schemas/user.js';
export * from './schemas/role.js';
export * from './schemas/permission.js';
export * from './schemas/school.js';
export * from './schemas/base.js';
export * from './identity.js';
export * from './structure.js';
export * from './schemas/student-import.js';
export * from './schemas/import-job.js';
export * from './schemas/files.js';
export * from './html/allow-list.js';
export * from './question.js';
export * from './schemas/question.js';
export * from './messages/server-messages.js';
// The words of the server's exports and templates (the messages are in SERVER_MESSAGES).
export { CANDIDATE_EXPORT_TEXTS, MAKE_UP_TEXTS } from './messages/exam.js';
export { SCORE_LOG_EXPORT_TEXTS, type ScoreLogKind } from './messages/marking.js';
export * from './messages/certificate.js';
export * from './messages/skill-sheet-pdf.js';
export * from './messages/proctor.js';
export * from './messages/question-import.js';
export * from './messages/statistics-export.js';
export * from './messages/certification-export.js';
export * from './messages/student-import.js';
export {
  SHEET_XLSX_TEXTS,
  type SheetXlsxTexts,
  type SheetXlsxField,
  type SheetXlsxColumn,
} from './messages/skills.js';
export * from './schemas/paper.js';
export * from './schemas/exam.js';
export * from './schemas/scheme.js';
export * from './schemas/attempt.js';
export * from './schemas/marking.js';
export * from './schemas/analysis.js';
export * from './schemas/item-analysis.js';
export * from './schemas/certificate.js';
export * from './schemas/proctor.js';
export * from './schemas/invigilation.js';
export * from './schemas/accommodation.js';
export * from './schemas/skill-sheet.js';
export { SCHEME_COMPONENT_KIND_NAMES } from './messages/certification.js';
export * from './schemas/skill-assessment.js';
export * from './schemas/skill-scoring.js';
export * from './schemas/skill-photo.js';
export * from './schemas/skill-analysis.js';
export * from './schemas/certification-analysis.js';
export * from './schemas/venue.js';
export * from './schemas/seat-plan-xlsx.js';
export { SEAT_PLAN_XLSX_TEXTS } from './messages/seat-plan-xlsx.js';
export * from './schemas/irregularity.js';
export * from './answer-file.js';
