import type {
  AddClassBody,
  AddDepartmentBody,
  AddSchoolBody,
  AddSubjectBody,
  CLASS_ORDER_FIELDS,
  ClassOption,
  ClassSelectQuery,
  ClassTeacherView,
  ClassView,
  DEPARTMENT_ORDER_FIELDS,
  DepartmentOption,
  DepartmentSelectQuery,
  DepartmentView,
  ListClassQuery,
  ListDepartmentQuery,
  ListResult,
  ListSchoolQuery,
  ListSubjectQuery,
  SCHOOL_ORDER_FIELDS,
  SUBJECT_ORDER_FIELDS,
  SchoolOption,
  SchoolSelectQuery,
  SchoolView,
  SubjectOption,
  SubjectSelectQuery,
  SubjectView,
} from '@kaoshi/shared';
import { http, request, type CallOptions, type ListCall } from './request';

// The exam structure (考试项目 → 职业类别 → 申报工种 → 报名批次): apps/server/src/modules/school.
const API = '/api/kaoshi-school';
const SCHOOL = `${API}/school`;
const DEPARTMENT = `${API}/department`;
const SUBJECT = `${API}/subject`;
const CLASSES = `${API}/classes`;

const put = <T>(url: string, body: unknown, options?: CallOptions) =>
  http.put<never, T>(url, body, options);
const remove = <T>(url: string, options?: CallOptions) => http.delete<never, T>(url, options);

/** 1 active, 0 disabled: projects, categories and job types. */
export type ActiveStatus = 0 | 1;

/** What the *ForSelect calls filter on; each accepts only the parent it belongs under. */
export type StatusFilter = SchoolSelectQuery;

// Exam projects (考试项目).

export type SchoolOrderField = (typeof SCHOOL_ORDER_FIELDS)[number];
export type SchoolQuery = ListCall<ListSchoolQuery>;
export type SchoolInput = AddSchoolBody;

export const listSchools = (query: SchoolQuery) =>
  request.get<ListResult<SchoolView>>(`${SCHOOL}/listSchool`, query);
export const getSchool = (id: number) => request.get<SchoolView>(`${SCHOOL}/getSchoolById/${id}`);
export const addSchool = (school: SchoolInput, options?: CallOptions) =>
  request.post<{ id: number }>(`${SCHOOL}/addSchool`, school, options);
export const updateSchool = (id: number, school: SchoolInput, options?: CallOptions) =>
  put<null>(`${SCHOOL}/updateSchool`, { id, ...school }, options);
/** Refused (10004) while the project has job-type categories. */
export const deleteSchool = (id: number, options?: CallOptions) =>
  remove<null>(`${SCHOOL}/deleteSchool/${id}`, options);
export const listSchoolsForSelect = (filter: StatusFilter = {}) =>
  request.get<SchoolOption[]>(`${SCHOOL}/listAllSchoolsForSelect`, filter);

// Job-type categories (职业类别).

export type DepartmentOrderField = (typeof DEPARTMENT_ORDER_FIELDS)[number];
export type DepartmentQuery = ListCall<ListDepartmentQuery>;
export type DepartmentInput = AddDepartmentBody;

export const listDepartments = (query: DepartmentQuery) =>
  request.get<ListResult<DepartmentView>>(`${DEPARTMENT}/listDepartment`, query);
export const getDepartment = (id: number) =>
  request.get<DepartmentView>(`${DEPARTMENT}/getDepartmentById/${id}`);
export const addDepartment = (department: DepartmentInput, options?: CallOptions) =>
  request.post<{ id: number }>(`${DEPARTMENT}/addDepartment`, department, options);
export const updateDepartment = (id: number, department: DepartmentInput, options?: CallOptions) =>
  put<null>(`${DEPARTMENT}/updateDepartment`, { id, ...department }, options);
/** Refused (10004) while the category has job types. */
export const deleteDepartment = (id: number, options?: CallOptions) =>
  remove<null>(`${DEPARTMENT}/deleteDepartment/${id}`, options);
/** The categories of one project, or of all projects without schoolId. */
export const listDepartmentsForSelect = (filter: DepartmentSelectQuery = {}) =>
  request.get<DepartmentOption[]>(`${DEPARTMENT}/listDepartmentsForSelect`, filter);

// Job types applied for (申报工种).

export type SubjectOrderField = (typeof SUBJECT_ORDER_FIELDS)[number];
export type SubjectQuery = ListCall<ListSubjectQuery>;
/** `levels`: a non-empty subset of CERT_LEVELS. */
export type SubjectInput = AddSubjectBody;

export const listSubjects = (query: SubjectQuery) =>
  request.get<ListResult<SubjectView>>(`${SUBJECT}/listSubject`, query);
export const getSubject = (id: number) =>
  request.get<SubjectView>(`${SUBJECT}/getSubjectById/${id}`);
export const addSubject = (subject: SubjectInput, options?: CallOptions) =>
  request.post<{ id: number }>(`${SUBJECT}/addSubject`, subject, options);
/** Refused (10004) when it drops a level still used by a batch, course or appraisal point. */
export const updateSubject = (id: number, subject: SubjectInput, options?: CallOptions) =>
  put<null>(`${SUBJECT}/updateSubject`, { id, ...subject }, options);
/** Refused (10004) while the job type has batches, courses or appraisal points. */
export const deleteSubject = (id: number, options?: CallOptions) =>
  remove<null>(`${SUBJECT}/deleteSubject/${id}`, options);
/** The job types of one category (departmentId) or project (schoolId), with their levels. */
export const listSubjectsForSelect = (filter: SubjectSelectQuery = {}) =>
  request.get<SubjectOption[]>(`${SUBJECT}/listSubjectsForSelect`, filter);

// Registration batches (报名批次).

/** ClassStatus of @kaoshi/shared: 0 preparing, 1 open, 2 closed, 3 finished. */
export type ClassStatusCode = 0 | 1 | 2 | 3;
export type ClassOrderField = (typeof CLASS_ORDER_FIELDS)[number];
export type ClassQuery = ListCall<ListClassQuery>;
/** Dates YYYY-MM-DD (null clears one); capacity 0 means no limit. */
export type ClassInput = AddClassBody;
export type ClassSelectFilter = ClassSelectQuery;

/** A teacher sees only the batches assigned to them; an administrator sees all. */
export const listClasses = (query: ClassQuery) =>
  request.get<ListResult<ClassView>>(`${CLASSES}/listClasses`, query);
export const getClass = (id: number) => request.get<ClassView>(`${CLASSES}/getClassesById/${id}`);
export const addClass = (batch: ClassInput, options?: CallOptions) =>
  request.post<{ id: number }>(`${CLASSES}/addClasses`, batch, options);
/** Refused (10004) when a batch with students would change job type or level, or shrink below them. */
export const updateClass = (id: number, batch: ClassInput, options?: CallOptions) =>
  put<null>(`${CLASSES}/updateClasses`, { id, ...batch }, options);
/** Refused (10004) while the batch has students. */
export const deleteClass = (id: number, options?: CallOptions) =>
  remove<null>(`${CLASSES}/deleteClasses/${id}`, options);
export const listClassesForSelect = (filter: ClassSelectFilter = {}) =>
  request.get<ClassOption[]>(`${CLASSES}/listClassesForSelect`, filter);

/** Teachers assigned to the batch. */
export const listClassTeachers = (classId: number) =>
  request.get<ClassTeacherView[]>(`${CLASSES}/listClassTeachers/${classId}`);
/** Replaces the batch's teachers with these users (of type teacher). */
export const bindClassTeachers = (classId: number, userIds: number[]) =>
  request.post<null>(`${CLASSES}/bindClassTeachers`, { classId, userIds });
/** Active teachers to assign, at most 200: keyword matches username or nickname. */
export const listTeachersForSelect = (keyword?: string) =>
  request.get<ClassTeacherView[]>(`${CLASSES}/listTeachersForSelect`, keyword ? { keyword } : {});
