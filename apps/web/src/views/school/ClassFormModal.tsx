import { ClassStatus, type CertLevel, type ClassView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Form, InputNumber, Row, Select, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addClass, updateClass, type ClassInput, type ClassStatusCode } from '../../api/school';
import {
  EntityFormDialog,
  addOrUpdate,
  type EntityDialogProps,
} from '../../components/form/EntityFormDialog';
import {
  JobTypeSelect,
  LevelSelect,
  cascadeReset,
  invalidateStructure,
  useJobTypeLevels,
} from '../../components/structure';
import { CLASS_STATUS } from './labels';
import {
  scheduleProblem,
  scheduleValue,
  type ScheduleField,
} from '../../components/structure/period';
import { useFormRules } from './use-form-rules';
import { useStructureFields } from './use-structure-fields';

interface ClassFormValues {
  /** Project and category only narrow the job types offered; not sent. */
  schoolId?: number;
  departmentId?: number;
  subjectId: number;
  level: CertLevel;
  name: string;
  code: string;
  registrationStart?: Dayjs | null;
  registrationEnd?: Dayjs | null;
  examStart?: Dayjs | null;
  examEnd?: Dayjs | null;
  capacity?: number | null;
  status: ClassStatusCode;
  description?: string;
}

const CHAIN = ['schoolId', 'departmentId', 'subjectId', 'level'] as const;
const SCHEDULE: readonly ScheduleField[] = [
  'registrationStart',
  'registrationEnd',
  'examStart',
  'examEnd',
];

const day = (value: string | null | undefined) => (value ? dayjs(value) : null);

const toFormValues = (
  batch: ClassView | undefined,
  parents: Partial<Pick<ClassFormValues, 'schoolId' | 'departmentId' | 'subjectId' | 'level'>>,
): Partial<ClassFormValues> =>
  batch
    ? {
        schoolId: batch.schoolId,
        departmentId: batch.departmentId,
        subjectId: batch.subjectId,
        level: batch.level,
        name: batch.name,
        code: batch.code,
        registrationStart: day(batch.registrationStart),
        registrationEnd: day(batch.registrationEnd),
        examStart: day(batch.examStart),
        examEnd: day(batch.examEnd),
        capacity: batch.capacity,
        status: batch.manualStatus as ClassStatusCode,
        description: batch.description,
      }
    : { ...parents, capacity: 0, status: ClassStatus.OPEN };

const toInput = (values: ClassFormValues, batch: ClassView | undefined): ClassInput => ({
  subjectId: values.subjectId,
  level: values.level,
  name: values.name.trim(),
  code: values.code.trim(),
  registrationStart: scheduleValue(values.registrationStart, batch?.registrationStart),
  registrationEnd: scheduleValue(values.registrationEnd, batch?.registrationEnd),
  examStart: scheduleValue(values.examStart, batch?.examStart),
  examEnd: scheduleValue(values.examEnd, batch?.examEnd),
  capacity: values.capacity ?? 0,
  status: values.status,
  description: values.description?.trim() ?? '',
});

interface ClassFormModalProps extends EntityDialogProps {
  /** The batch to edit; none to add one. */
  batch?: ClassView;
  /** Where a new batch starts (the list's filters). */
  parents?: Partial<Pick<ClassFormValues, 'schoolId' | 'departmentId' | 'subjectId' | 'level'>>;
}

export function ClassFormModal({ batch, parents = {}, ...dialog }: ClassFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useFormRules();
  const fields = useStructureFields();
  const [form] = Form.useForm<ClassFormValues>();
  const schoolId = Form.useWatch('schoolId', form);
  const departmentId = Form.useWatch('departmentId', form);
  const subjectId = Form.useWatch('subjectId', form);
  const levels = useJobTypeLevels(departmentId, subjectId);
  const students = batch?.studentCount ?? 0;
  // Students registered for this job type and level: the server keeps both.
  const locked = students > 0;

  const save = useMutation({
    mutationFn: (values: ClassFormValues) =>
      addOrUpdate(batch, toInput(values, batch), { add: addClass, update: updateClass }),
    onSuccess: () => invalidateStructure(queryClient),
  });

  /** The shared date rule, blaming the field it names (re-checked when another date changes). */
  const scheduleRule = (field: ScheduleField): FormRule => ({
    validator: () => {
      const problem = scheduleProblem(form.getFieldsValue(SCHEDULE as ScheduleField[]));
      return problem?.field === field
        ? Promise.reject(new Error(t(`school.batch.${problem.reason}`)))
        : Promise.resolve();
    },
  });
  const datePicker = (field: ScheduleField) => (
    <Col xs={24} sm={12} key={field}>
      <Form.Item
        name={field}
        label={t(`school.batch.${field}`)}
        dependencies={SCHEDULE.filter((other) => other !== field)}
        rules={[scheduleRule(field)]}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );

  const capacityRule: FormRule = {
    validator: (_, value: number | null | undefined) =>
      locked && value && value < students
        ? Promise.reject(new Error(t('school.batch.capacityBelowStudents', { count: students })))
        : Promise.resolve(),
  };

  return (
    <EntityFormDialog
      {...dialog}
      title={t(batch ? 'school.batch.edit' : 'school.batch.add')}
      name="classForm"
      form={form}
      initialValues={toFormValues(batch, parents)}
      save={save}
      savedMessage={t(batch ? 'common.saved' : 'school.batch.added')}
      refused="form"
      formProps={{ onValuesChange: (changed) => form.setFieldsValue(cascadeReset(CHAIN, changed)) }}
    >
      {locked && (
        <Alert
          type="info"
          showIcon
          title={t('school.batch.lockedByStudents')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          {fields.project(locked)}
        </Col>
        <Col xs={24} sm={12}>
          {fields.category(schoolId, locked)}
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="subjectId"
            label={t('school.select.jobType')}
            rules={[rules.choose(t('school.select.jobType'))]}
          >
            <JobTypeSelect
              departmentId={departmentId}
              activeOnly
              allowClear={false}
              disabled={locked}
              onChange={(_, jobType) => {
                // A job type with a single level leaves nothing to choose.
                if (jobType?.levels.length === 1) form.setFieldValue('level', jobType.levels[0]);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="level"
            label={t('school.batch.level')}
            rules={[rules.choose(t('school.batch.level'))]}
          >
            <LevelSelect
              levels={levels ?? []}
              waitingFor={subjectId === undefined ? t('school.select.jobTypeFirst') : undefined}
              allowClear={false}
              disabled={locked}
            />
          </Form.Item>
        </Col>
      </Row>
      {fields.name(t('school.batch.name'))}
      {fields.code}
      <Row gutter={12}>{SCHEDULE.map(datePicker)}</Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="capacity"
            label={t('school.batch.capacity')}
            extra={t('school.batch.capacityHelp')}
            rules={[capacityRule]}
          >
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="status"
            label={t('school.fields.status')}
            extra={t('school.batch.statusHelp')}
          >
            <Select
              options={CLASS_STATUS.map((entry) => ({
                value: entry.value,
                label: t(`school.classStatus.${entry.key}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {fields.description}
    </EntityFormDialog>
  );
}
