import type { Messages } from '../../types';

const codes: Messages['codes'] = {
  unknown: '不明（{{code}}）',
  none: '—',
  auditStatus: {
    notStarted: '審査未開始',
    underReview: '審査中',
    passed: '審査合格',
    failed: '審査不合格',
    expired: '審査期限切れ',
  },
  markingState: { notMarked: '未採点', inProgress: '採点中', marked: '採点済み' },
  groupAudit: { underReview: '審査中', passed: '合格', failed: '不合格' },
  examStatus: {
    submitted: '提出済み',
    saved: '保存済み',
    inProgress: '実施中',
    notStarted: '未開始',
    expired: '期限切れ',
  },
  questionType: {
    single: '単一選択',
    multiple: '複数選択',
    judgement: '正誤判定',
    externalLink: '外部リンク',
    fillBlank: '穴埋め',
    shortAnswer: '記述式',
  },
  permissionType: { menu: 'メニュー', button: 'ボタン' },
  linkType: { normal: '通常', external: '外部リンク' },
  articleType: { classicReading: '古典講読', excellentCulture: '優れた文化' },
  topFlag: { notPinned: '固定なし', pinned: '上部に固定' },
  video: { none: 'なし', has: 'あり' },
  locked: { no: 'いいえ', yes: 'はい' },
  isPass: { yes: 'はい', no: 'いいえ' },
  knowledgeType: { course: 'コース', appraisalPoint: '評価項目' },
  userType: { admin: '管理者', teacher: '教員／採点者', student: '受験者' },
  teachingMaterialType: {
    courseStandard: '課程基準',
    teachingDesign: '授業設計',
    teachingPolicy: '教育方針',
    teachingMaterials: '教材',
    teachingOutline: 'シラバス',
    teachingAnalysis: '授業分析',
    moralModel: '徳育モデル',
  },
};
export default codes;
