import type { CertLevel } from '@kaoshi/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  listClassesForSelect,
  listDepartmentsForSelect,
  listSchoolsForSelect,
  listSubjectsForSelect,
} from '../../api/school';

/**
 * TanStack Query keys of the exam structure. Everything sits under one prefix: renaming a project
 * changes the names shown beside categories, job types and batches, so any change refreshes all.
 */
export const schoolKeys = {
  all: ['school'] as const,
  schools: ['school', 'schools'] as const,
  departments: ['school', 'departments'] as const,
  subjects: ['school', 'subjects'] as const,
  classes: ['school', 'classes'] as const,
  classTeachers: (classId: number) => ['school', 'classTeachers', classId] as const,
  teacherOptions: ['school', 'teacherOptions'] as const,
  schoolOptions: ['school', 'options', 'schools'] as const,
  departmentOptions: (schoolId: number | undefined) =>
    ['school', 'options', 'departments', schoolId ?? null] as const,
  subjectOptions: (departmentId: number | undefined) =>
    ['school', 'options', 'subjects', departmentId ?? null] as const,
  classOptions: (subjectId: number | undefined, level: CertLevel | undefined) =>
    ['school', 'options', 'classes', subjectId ?? null, level ?? null] as const,
};

/** After adding, editing or deleting anything of the structure: lists and selects reload. */
export const invalidateStructure = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: schoolKeys.all });

/** Every exam project (active or not), in their configured order. */
export const useProjectOptions = () =>
  useQuery({ queryKey: schoolKeys.schoolOptions, queryFn: () => listSchoolsForSelect() });

/** The categories of one project; nothing is fetched without one. */
export const useCategoryOptions = (schoolId: number | undefined) =>
  useQuery({
    queryKey: schoolKeys.departmentOptions(schoolId),
    queryFn: () => listDepartmentsForSelect({ schoolId }),
    enabled: schoolId !== undefined,
  });

/** The job types of one category, with their levels; nothing is fetched without one. */
export const useJobTypeOptions = (departmentId: number | undefined) =>
  useQuery({
    queryKey: schoolKeys.subjectOptions(departmentId),
    queryFn: () => listSubjectsForSelect({ departmentId }),
    enabled: departmentId !== undefined,
  });

/**
 * The levels a job type offers (junior first), read from its category's options (the cache the
 * JobTypeSelect of the same form fills): undefined until both are known.
 */
export function useJobTypeLevels(
  departmentId: number | undefined,
  subjectId: number | undefined,
): CertLevel[] | undefined {
  const options = useJobTypeOptions(departmentId);
  return subjectId === undefined
    ? undefined
    : options.data?.find((option) => option.id === subjectId)?.levels;
}

/** The batches of one job type, optionally of one level; nothing is fetched without a job type. */
export const useBatchOptions = (subjectId: number | undefined, level: CertLevel | undefined) =>
  useQuery({
    queryKey: schoolKeys.classOptions(subjectId, level),
    queryFn: () => listClassesForSelect({ subjectId, level }),
    enabled: subjectId !== undefined,
  });

/**
 * Every job type with its levels. The question bank is organised by job type alone: its users
 * should not have to go through a project and category first.
 */
export const useAllJobTypes = () =>
  useQuery({
    queryKey: schoolKeys.subjectOptions(undefined),
    queryFn: () => listSubjectsForSelect(),
  });
