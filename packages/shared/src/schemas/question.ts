// The question schemas, split by concern; importers keep reading them from here.
export {
  auditStatusSchema,
  difficultySchema,
  questionLinkUrl,
  questionScore,
  questionTag,
  questionTypeSchema,
} from './question-base.js';
export * from './question-rules.js';
export * from './question-fields.js';
export * from './question-list.js';
export * from './question-import.js';
