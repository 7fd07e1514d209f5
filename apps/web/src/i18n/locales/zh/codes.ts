import type { Messages } from '../../types';

const codes: Messages['codes'] = {
  unknown: '未知（{{code}}）',
  none: '—',
  auditStatus: {
    notStarted: '未开始审核',
    underReview: '审核中',
    passed: '审核通过',
    failed: '审核未通过',
    expired: '审核过期',
  },
  markingState: { notMarked: '未阅卷', inProgress: '阅卷中', marked: '已阅卷' },
  groupAudit: { underReview: '审核中', passed: '审核通过', failed: '审核未通过' },
  examStatus: {
    submitted: '已交卷',
    saved: '已保存',
    inProgress: '进行中',
    notStarted: '未开始',
    expired: '已过期',
  },
  questionType: {
    single: '单选题',
    multiple: '多选题',
    judgement: '判断题',
    externalLink: '外部链接',
    fillBlank: '填空题',
    shortAnswer: '简答题',
  },
  permissionType: { menu: '菜单', button: '按钮' },
  linkType: { normal: '普通', external: '外部链接' },
  articleType: { classicReading: '经典阅读', excellentCulture: '优秀文化' },
  topFlag: { notPinned: '不置顶', pinned: '置顶' },
  video: { none: '无', has: '有' },
  locked: { no: '否', yes: '是' },
  isPass: { yes: '是', no: '否' },
  knowledgeType: { course: '课程', appraisalPoint: '鉴定点' },
  userType: { admin: '管理员', teacher: '教师/阅卷员', student: '考生' },
  teachingMaterialType: {
    courseStandard: '课程标准',
    teachingDesign: '教学设计',
    teachingPolicy: '教学政策',
    teachingMaterials: '教学资料',
    teachingOutline: '教学大纲',
    teachingAnalysis: '教学分析',
    moralModel: '德育示范',
  },
};
export default codes;
