/**
 * Every message the server sends a user, in each language the web offers. The server picks the
 * request's language (Accept-Language, else en: docs/spec.md §2); `{name}` placeholders are filled from
 * the error's parameters. A message about one field is shown after the field's label
 * (FIELD_LABELS), so the texts here say only what is wrong with it.
 *
 * The messages live per domain in this folder (common.ts, exam.ts, …), the words of the
 * server's exports and templates beside them (statistics-export.ts, student-import.ts, …); this
 * file puts the messages together into the catalogue the server's translator reads.
 */
import { FIELD_LABELS } from './fields.js';
import { MESSAGE_LANGUAGES, wordsIn, type Localized, type MessageLanguage } from './languages.js';
import { COMMON_MESSAGES } from './common.js';
import { EXAM_MESSAGES } from './exam.js';
import { STRUCTURE_MESSAGES } from './structure.js';
import { USERS_MESSAGES } from './users.js';
import { BASE_MESSAGES } from './base.js';
import { QUESTION_MESSAGES } from './question.js';
import { UPLOADS_MESSAGES } from './uploads.js';
import { PAPER_MESSAGES } from './paper.js';
import { MARKING_MESSAGES } from './marking.js';
import { SKILLS_MESSAGES } from './skills.js';
import { CERTIFICATION_MESSAGES } from './certification.js';
import { SKILL_ASSESSMENT_MESSAGES } from './skill-assessment.js';
import { SKILL_SCORING_MESSAGES } from './skill-scoring.js';
import { SEAT_PLAN_MODE_LABEL, VENUE_MESSAGES } from './venue.js';
import { PAUSE_MESSAGES } from './pause.js';
import { BREAK_MESSAGES } from './breaks.js';
import { INVIGILATION_MESSAGES } from './invigilation.js';
import { IRREGULARITY_MESSAGES } from './irregularity.js';
import { SEAT_PLAN_XLSX_MESSAGES } from './seat-plan-xlsx.js';
import { ANSWER_FILE_MESSAGES } from './answer-file.js';

export * from './fields.js';
export * from './languages.js';
export * from './names.js';
export { ROOM_DOCUMENT_TEXTS, type RoomDocumentTexts } from './irregularity.js';

export const SERVER_MESSAGES = {
  ...COMMON_MESSAGES,
  ...EXAM_MESSAGES,
  ...STRUCTURE_MESSAGES,
  ...USERS_MESSAGES,
  ...BASE_MESSAGES,
  ...QUESTION_MESSAGES,
  ...UPLOADS_MESSAGES,
  ...PAPER_MESSAGES,
  ...MARKING_MESSAGES,
  ...SKILLS_MESSAGES,
  ...CERTIFICATION_MESSAGES,
  ...SKILL_ASSESSMENT_MESSAGES,
  ...SKILL_SCORING_MESSAGES,
  ...VENUE_MESSAGES,
  ...PAUSE_MESSAGES,
  ...BREAK_MESSAGES,
  ...INVIGILATION_MESSAGES,
  ...IRREGULARITY_MESSAGES,
  ...SEAT_PLAN_XLSX_MESSAGES,
  ...ANSWER_FILE_MESSAGES,
} as const satisfies Record<string, Localized>;

export type MessageKey = keyof typeof SERVER_MESSAGES;

/**
 * A parameter is either shown as it is, or is itself worded per language (an entity's or a
 * field's name).
 */
export type MessageParam = string | number | Localized;
export type MessageParams = Readonly<Record<string, MessageParam>>;

const isLanguage = (value: string): value is MessageLanguage =>
  (MESSAGE_LANGUAGES as readonly string[]).includes(value);

/**
 * The language of a request: the first of Accept-Language's tags (by quality) that we speak,
 * else en (docs/spec.md §2's default).
 */
export function languageOf(acceptLanguage: string | undefined): MessageLanguage {
  if (!acceptLanguage) return 'en';
  const tags = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      const quality = q ? Number(q.trim().slice(2)) : 1;
      return { base: tag.toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return tags.map((entry) => entry.base).find(isLanguage) ?? 'en';
}

/** `{name}` placeholders of a text, sorted (tests compare them across languages). */
export const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

const fill = (text: string, params: MessageParams, language: MessageLanguage) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[language] : String(value);
  });

export const renderMessage = (
  key: MessageKey,
  params: MessageParams,
  language: MessageLanguage,
): string => fill(wordsIn(SERVER_MESSAGES[key], language), params, language);

/**
 * A field name several calls share with different meanings, worded per API (the request path's
 * prefix): `mode` is an import's mode in general, but a paper's way of being filled and a marking
 * plan's way of marking.
 */
export const SCOPED_FIELD_LABELS: readonly {
  prefix: string;
  labels: Readonly<Record<string, Localized>>;
}[] = [
  {
    prefix: '/api/kaoshi-marking/',
    labels: {
      mode: { zh: '阅卷方式', en: 'Marking mode', es: 'Modo de corrección', ja: '採点方式' },
    },
  },
  {
    prefix: '/api/kaoshi-paper/',
    labels: {
      mode: { zh: '组卷方式', en: 'How it is filled', es: 'Cómo se llena', ja: '作成方法' },
    },
  },
  { prefix: '/api/kaoshi-exam/venue/', labels: { mode: SEAT_PLAN_MODE_LABEL } },
  ...['/api/kaoshi-skills/scoring/', '/api/kaoshi-skills/check/'].map((prefix) => ({
    prefix,
    labels: {
      itemId: { zh: '评分项', en: 'Item', es: 'Punto', ja: '評価項目' },
      score: { zh: '成绩', en: 'Score', es: 'Puntuación', ja: '得点' },
    },
  })),
];

/**
 * A field's name in the language; a field the catalogue lacks keeps its own name. `path`: the
 * request's path, for the names SCOPED_FIELD_LABELS words per API.
 */
export const fieldLabel = (field: string, language: MessageLanguage, path = ''): string => {
  const name = field.split('.').findLast((part) => !/^\d+$/.test(part)) ?? field;
  const scoped = SCOPED_FIELD_LABELS.find((scope) => path.startsWith(scope.prefix))?.labels[name];
  return (scoped ?? (FIELD_LABELS as Record<string, Localized>)[name])?.[language] ?? field;
};

/** "用户名：…", "Username: …". */
export const withFieldLabel = (field: string, text: string, language: MessageLanguage, path = '') =>
  `${fieldLabel(field, language, path)}${language === 'zh' || language === 'ja' ? '：' : ': '}${text}`;

/** A message worded in every language, to be a parameter of another (a list of problems). */
export const localized = (key: MessageKey, params: MessageParams = {}): Localized =>
  Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [language, renderMessage(key, params, language)]),
  ) as Record<MessageLanguage, string>;

/**
 * For a shared schema's own refinements: the English text for any reader, and the key the
 * server words in the request's language.
 */
export const schemaMessage = (key: MessageKey, params: MessageParams = {}) => ({
  message: renderMessage(key, params, 'en'),
  params: { messageKey: key, messageParams: params },
});
