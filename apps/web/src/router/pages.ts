import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageName } from './types';

/**
 * The code of every screen the route table names, loaded when first shown. Only the router
 * imports it: the table itself stays plain data that stores and menus read without the screens.
 */
export const pages: Record<PageName, LazyExoticComponent<ComponentType>> = {
  ComingSoon: lazy(() => import('../views/placeholder/ComingSoon')),
  ClassRanking: lazy(() => import('../views/analysis/ClassRanking')),
  PassStatistics: lazy(() => import('../views/analysis/PassStatistics')),
  Supplementary: lazy(() => import('../views/analysis/Supplementary')),
  ItemAnalysis: lazy(() => import('../views/analysis/ItemAnalysis')),
  CertificateManage: lazy(() => import('../views/analysis/CertificateManage')),
  ProctorView: lazy(() => import('../views/proctor/ProctorView')),
  ExaminationSituation: lazy(() => import('../views/marking/ExaminationSituation')),
  MarkingDesk: lazy(() => import('../views/marking/desk/MarkingDesk')),
  ExamResult: lazy(() => import('../views/attempt/ExamResult')),
  MyExams: lazy(() => import('../views/attempt/MyExams')),
  ExamPage: lazy(() => import('../views/attempt/ExamPage')),
  Dashboard: lazy(() => import('../views/dashboard/Dashboard')),
  Profile: lazy(() => import('../views/profile/Profile')),
  Icons: lazy(() => import('../views/icons/Icons')),
  UserManage: lazy(() => import('../views/system/UserManage')),
  RoleManage: lazy(() => import('../views/system/RoleManage')),
  PermissionManage: lazy(() => import('../views/system/PermissionManage')),
  SchoolManage: lazy(() => import('../views/school/SchoolManage')),
  DepartmentManage: lazy(() => import('../views/school/DepartmentManage')),
  SubjectManage: lazy(() => import('../views/school/SubjectManage')),
  SchemeManage: lazy(() => import('../views/skills/SchemeManage')),
  ClassesManage: lazy(() => import('../views/school/ClassesManage')),
  ExamCourse: lazy(() => import('../views/base/ExamCourse')),
  ExamKnow: lazy(() => import('../views/base/ExamKnow')),
  ExamStudent: lazy(() => import('../views/base/ExamStudent')),
  QuestionBank: lazy(() => import('../views/question/QuestionBank')),
  PaperManage: lazy(() => import('../views/paper/PaperManage')),
  PaperEdit: lazy(() => import('../views/paper/PaperEdit')),
  PaperPrint: lazy(() => import('../views/paper/PaperPrint')),
  InstructionManage: lazy(() => import('../views/paper/InstructionManage')),
  PublishManage: lazy(() => import('../views/exam/PublishManage')),
  ExamEdit: lazy(() => import('../views/exam/ExamEdit')),
  ExamDetail: lazy(() => import('../views/exam/ExamDetail')),
  AdmissionTicketPrint: lazy(() => import('../views/exam/AdmissionTicketPrint')),
  SheetManage: lazy(() => import('../views/skills/SheetManage')),
  SheetEdit: lazy(() => import('../views/skills/SheetEdit')),
  AssessmentManage: lazy(() => import('../views/skills/AssessmentManage')),
  SkillAnalysis: lazy(() => import('../views/skills/SkillAnalysis')),
  AssessmentEdit: lazy(() => import('../views/skills/AssessmentEdit')),
};
