import type { CertLevel } from '@kaoshi/shared';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { BatchSelect } from './BatchSelect';
import { CategorySelect } from './CategorySelect';
import { JobTypeSelect } from './JobTypeSelect';
import { LevelSelect } from './LevelSelect';
import { ProjectSelect } from './ProjectSelect';
import { useJobTypeLevels } from './queries';

/**
 * The structure filters of a search bar (students, batches, job types): project, category, job
 * type, level and batch, each offering what the choice above it allows. The list's filterChain
 * (STRUCTURE_CHAIN or its start) clears those below a new choice. Items, not one component: a
 * list takes those it has, in its order. `levelAfterJobType`: the level waits for a job type.
 */
export function useStructureFilters(form: FormInstance, { levelAfterJobType = false } = {}) {
  const { t } = useTranslation();
  const schoolId = Form.useWatch('schoolId', form) as number | undefined;
  const departmentId = Form.useWatch('departmentId', form) as number | undefined;
  const subjectId = Form.useWatch('subjectId', form) as number | undefined;
  const level = Form.useWatch('level', form) as CertLevel | undefined;
  const levels = useJobTypeLevels(departmentId, subjectId);
  return {
    project: (
      <Form.Item key="schoolId" name="schoolId" noStyle>
        <ProjectSelect />
      </Form.Item>
    ),
    category: (
      <Form.Item key="departmentId" name="departmentId" noStyle>
        <CategorySelect schoolId={schoolId} />
      </Form.Item>
    ),
    jobType: (
      <Form.Item key="subjectId" name="subjectId" noStyle>
        <JobTypeSelect departmentId={departmentId} />
      </Form.Item>
    ),
    level: (
      <Form.Item key="level" name="level" noStyle>
        <LevelSelect
          levels={levels}
          waitingFor={
            levelAfterJobType && subjectId === undefined
              ? t('school.select.levelAfterJobType')
              : undefined
          }
        />
      </Form.Item>
    ),
    batch: (
      <Form.Item key="classId" name="classId" noStyle>
        <BatchSelect subjectId={subjectId} level={level} />
      </Form.Item>
    ),
  };
}
