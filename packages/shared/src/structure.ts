/**
 * Certification levels of a job type (职业技能等级), highest number first as exam centres list
 * them: 5 junior (初级工) … 1 senior technician (高级技师).
 */
export const CERT_LEVELS = [5, 4, 3, 2, 1] as const;
export type CertLevel = (typeof CERT_LEVELS)[number];
export const CERT_LEVEL_KEYS: Record<CertLevel, string> = {
  5: 'junior',
  4: 'intermediate',
  3: 'senior',
  2: 'technician',
  1: 'seniorTechnician',
};

/** Knowledge types (docs/spec.md §4): cn course, kn appraisal point. */
export const KnowledgeType = { COURSE: 'cn', POINT: 'kn' } as const;
export type KnowledgeTypeCode = (typeof KnowledgeType)[keyof typeof KnowledgeType];

/** Importance of an appraisal point: X core, Y general, Z auxiliary. */
export const IMPORTANCE = ['X', 'Y', 'Z'] as const;
export type Importance = (typeof IMPORTANCE)[number];

/** Weights are stored in hundredths of a percent; the points of a course add up to at most 100 %. */
export const WEIGHT_SCALE = 100;
export const MAX_COURSE_WEIGHT = 100 * WEIGHT_SCALE;

export const Gender = { UNKNOWN: 0, MALE: 1, FEMALE: 2 } as const;

/** Registration batch status. */
export const ClassStatus = { PREPARING: 0, OPEN: 1, CLOSED: 2, FINISHED: 3 } as const;
