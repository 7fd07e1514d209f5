/**
 * Labels of docs/spec.md §4's codes. The keys are the label keys of packages/shared/src/labels.ts
 * (`codes.<map>.<label>`); useCodeLabel (utils/use-code-label.ts) picks them.
 */
export default {
  unknown: 'Unknown ({{code}})',
  none: '—',
  auditStatus: {
    notStarted: 'Review not started',
    underReview: 'Under review',
    passed: 'Review passed',
    failed: 'Review failed',
    expired: 'Review expired',
  },
  markingState: { notMarked: 'Not marked', inProgress: 'Marking', marked: 'Marked' },
  groupAudit: { underReview: 'Under review', passed: 'Passed', failed: 'Failed' },
  examStatus: {
    submitted: 'Submitted',
    saved: 'Saved',
    inProgress: 'In progress',
    notStarted: 'Not started',
    expired: 'Expired',
  },
  questionType: {
    single: 'Single choice',
    multiple: 'Multiple choice',
    judgement: 'True or false',
    externalLink: 'External link',
    fillBlank: 'Fill in the blank',
    shortAnswer: 'Short answer',
  },
  permissionType: { menu: 'Menu', button: 'Button' },
  linkType: { normal: 'Normal', external: 'External link' },
  articleType: { classicReading: 'Classic reading', excellentCulture: 'Excellent culture' },
  topFlag: { notPinned: 'Not pinned', pinned: 'Pinned' },
  video: { none: 'No', has: 'Yes' },
  locked: { no: 'No', yes: 'Yes' },
  isPass: { yes: 'Yes', no: 'No' },
  knowledgeType: { course: 'Course', appraisalPoint: 'Appraisal point' },
  userType: { admin: 'Administrator', teacher: 'Teacher / marker', student: 'Student' },
  teachingMaterialType: {
    courseStandard: 'Course standard',
    teachingDesign: 'Teaching design',
    teachingPolicy: 'Teaching policy',
    teachingMaterials: 'Teaching materials',
    teachingOutline: 'Teaching outline',
    teachingAnalysis: 'Teaching analysis',
    moralModel: 'Moral-education model',
  },
} as const;
