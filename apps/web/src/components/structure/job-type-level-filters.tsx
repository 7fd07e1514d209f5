import type { CertLevel } from '@kaoshi/shared';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { cascadeReset } from './cascade';
import { LevelSelect } from './LevelSelect';
import { AnyJobTypeSelect } from './AnyJobTypeSelect';
import { useAllJobTypes } from './queries';

/**
 * The job type and level filters of a search bar (the paper, exam and question lists): choosing a
 * job type clears what hangs on it (`chain`, as cascadeReset reads it) and picks its only level.
 * Items, not one component: the search bar lays out each of its children.
 */
export function useJobTypeLevelFilters(form: FormInstance, chain: readonly string[]) {
  const { t } = useTranslation();
  const subjectId = Form.useWatch('subjectId', form) as number | undefined;
  const level = Form.useWatch('level', form) as CertLevel | undefined;
  const jobTypes = useAllJobTypes();
  const levels = jobTypes.data?.find((jobType) => jobType.id === subjectId)?.levels;
  const items = [
    <Form.Item key="subjectId" name="subjectId" noStyle>
      <AnyJobTypeSelect
        onChange={(value, jobType) =>
          form.setFieldsValue({
            subjectId: value,
            ...cascadeReset(chain, { subjectId: value }),
            ...(jobType?.levels.length === 1 && { level: jobType.levels[0] }),
          })
        }
      />
    </Form.Item>,
    <Form.Item key="level" name="level" noStyle>
      <LevelSelect
        levels={levels}
        waitingFor={subjectId === undefined ? t('school.select.jobTypeFirst') : undefined}
      />
    </Form.Item>,
  ];
  return { subjectId, level, items };
}
