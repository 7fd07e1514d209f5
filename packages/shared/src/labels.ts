/**
 * docs/spec.md §4's code-to-label maps. Each code maps to a stable label KEY, never to text: the web app
 * translates a key as `codes.<key>` in its i18n resources (apps/web/src/i18n/locales/<lang>/codes.ts),
 * so the type checker there proves every key below has a translation.
 *
 * A map may hold a `null` entry: what a missing value (null or undefined) means, as for the
 * marking state, where "no state yet" reads "not marked".
 */
export type LabelMap = Readonly<Record<string, string>>;

/** What labelKey answers for a code its map does not know. */
export const UNKNOWN_LABEL = 'unknown';

/** Audit status of a question: 0 not started, 1 under review, 2 passed, 3 failed, 4 expired. */
export const AUDIT_STATUS_LABELS = {
  0: 'auditStatus.notStarted',
  1: 'auditStatus.underReview',
  2: 'auditStatus.passed',
  3: 'auditStatus.failed',
  4: 'auditStatus.expired',
} as const;

/** Marking state of an attempt: null or 0 not marked, 1 in progress, 2 marked. */
export const MARKING_STATE_LABELS = {
  null: 'markingState.notMarked',
  0: 'markingState.notMarked',
  1: 'markingState.inProgress',
  2: 'markingState.marked',
} as const;

/** Group audit: 0 under review, 1 passed, 2 failed. */
export const GROUP_AUDIT_LABELS = {
  0: 'groupAudit.underReview',
  1: 'groupAudit.passed',
  2: 'groupAudit.failed',
} as const;

/**
 * Exam status: 0 submitted, 1 saved, 2 in progress, 3 not started, 4 in progress, 5 expired.
 * The spec gives 2 and 4 the same label, so they share one key.
 */
export const EXAM_STATUS_LABELS = {
  0: 'examStatus.submitted',
  1: 'examStatus.saved',
  2: 'examStatus.inProgress',
  3: 'examStatus.notStarted',
  4: 'examStatus.inProgress',
  5: 'examStatus.expired',
} as const;

/**
 * Question type: 0 single choice, 1 multiple choice, 2 judgement, 3 external link (docs/spec.md §4), and
 * beyond the spec 4 fill-in-the-blank, 5 short answer (QuestionType in question.ts).
 */
export const QUESTION_TYPE_LABELS = {
  0: 'questionType.single',
  1: 'questionType.multiple',
  2: 'questionType.judgement',
  3: 'questionType.externalLink',
  4: 'questionType.fillBlank',
  5: 'questionType.shortAnswer',
} as const;

/** Permission type: 0 menu, 1 button (see PermissionType in codes.ts). */
export const PERMISSION_TYPE_LABELS = {
  0: 'permissionType.menu',
  1: 'permissionType.button',
} as const;

/** Link type: 0 normal, 1 external link (see LinkType in codes.ts). */
export const LINK_TYPE_LABELS = {
  0: 'linkType.normal',
  1: 'linkType.external',
} as const;

/** Article type: 0 classic reading, 1 excellent culture. */
export const ARTICLE_TYPE_LABELS = {
  0: 'articleType.classicReading',
  1: 'articleType.excellentCulture',
} as const;

/** Top flag: 0 not pinned, 1 pinned. */
export const TOP_FLAG_LABELS = {
  0: 'topFlag.notPinned',
  1: 'topFlag.pinned',
} as const;

/** Video: 0 none, 1 has one. */
export const VIDEO_LABELS = {
  0: 'video.none',
  1: 'video.has',
} as const;

/** Locked: 0 no, 1 yes. */
export const LOCKED_LABELS = {
  0: 'locked.no',
  1: 'locked.yes',
} as const;

/** Is-pass: note the order, 0 yes (passed), 1 no. */
export const IS_PASS_LABELS = {
  0: 'isPass.yes',
  1: 'isPass.no',
} as const;

/** Knowledge type: cn course, kn appraisal point. */
export const KNOWLEDGE_TYPE_LABELS = {
  cn: 'knowledgeType.course',
  kn: 'knowledgeType.appraisalPoint',
} as const;

/** User type (UserType in codes.ts): 1 administrator, 2 teacher or marker, 3 student. */
export const USER_TYPE_LABELS = {
  1: 'userType.admin',
  2: 'userType.teacher',
  3: 'userType.student',
} as const;

/** Teaching-material type (TeachingMaterialType in codes.ts): docs/spec.md §3's 0 and 2 to 7. */
export const TEACHING_MATERIAL_TYPE_LABELS = {
  0: 'teachingMaterialType.courseStandard',
  2: 'teachingMaterialType.teachingDesign',
  3: 'teachingMaterialType.teachingPolicy',
  4: 'teachingMaterialType.teachingMaterials',
  5: 'teachingMaterialType.teachingOutline',
  6: 'teachingMaterialType.teachingAnalysis',
  7: 'teachingMaterialType.moralModel',
} as const;

/** Every map by name, so a screen can pick one by a string (e.g. a table column's config). */
export const CODE_LABELS = {
  auditStatus: AUDIT_STATUS_LABELS,
  markingState: MARKING_STATE_LABELS,
  groupAudit: GROUP_AUDIT_LABELS,
  examStatus: EXAM_STATUS_LABELS,
  questionType: QUESTION_TYPE_LABELS,
  permissionType: PERMISSION_TYPE_LABELS,
  linkType: LINK_TYPE_LABELS,
  articleType: ARTICLE_TYPE_LABELS,
  topFlag: TOP_FLAG_LABELS,
  video: VIDEO_LABELS,
  locked: LOCKED_LABELS,
  isPass: IS_PASS_LABELS,
  knowledgeType: KNOWLEDGE_TYPE_LABELS,
  userType: USER_TYPE_LABELS,
  teachingMaterialType: TEACHING_MATERIAL_TYPE_LABELS,
} as const;

export type CodeMapName = keyof typeof CODE_LABELS;

/** Every label key of one map. */
export type LabelKeyOf<M extends LabelMap> = M[keyof M];

/** Every label key of every map, plus UNKNOWN_LABEL: what the web's `codes` resources must hold. */
export type CodeLabelKey =
  { [N in CodeMapName]: LabelKeyOf<(typeof CODE_LABELS)[N]> }[CodeMapName] | typeof UNKNOWN_LABEL;

/** What a code may arrive as: numbers from JSON, strings from query strings and selects. */
export type CodeValue = string | number | null | undefined;

/**
 * The label key of a code, or UNKNOWN_LABEL when the map does not know it. Numbers and numeric
 * strings are the same code (1 and '1'); null and undefined use the map's `null` entry if it has
 * one; an empty string counts as missing too, as a cleared select sends it.
 */
export function labelKey<M extends LabelMap>(
  map: M,
  code: CodeValue,
): LabelKeyOf<M> | typeof UNKNOWN_LABEL {
  const lookup = code === null || code === undefined || code === '' ? 'null' : String(code).trim();
  return Object.hasOwn(map, lookup) ? (map[lookup] as LabelKeyOf<M>) : UNKNOWN_LABEL;
}
