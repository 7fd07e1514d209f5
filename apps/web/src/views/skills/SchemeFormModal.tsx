import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  SCHEME_COMPONENT_KINDS,
  SCHEME_VALIDITY_MONTHS_MAX,
  type CertLevel,
  type SchemeComponentKind,
  type SchemeView,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, InputNumber, Select, Tooltip, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { addScheme, updateScheme, type SchemeInput } from '../../api/certification';
import {
  EntityFormDialog,
  addOrUpdate,
  type EntityDialogProps,
} from '../../components/form/EntityFormDialog';
import { LevelSelect } from '../../components/structure';
import { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';
import { useAllJobTypes } from '../../components/structure/queries';
import { schemeKeys } from '../../components/certification/scheme-queries';

interface ComponentValues {
  kind: SchemeComponentKind;
  fullScore: number;
  passScore: number;
  required: boolean;
}

interface SchemeFormValues {
  subjectId: number;
  level: CertLevel;
  validityMonths: number;
  components: ComponentValues[];
}

const DEFAULT_COMPONENT = { fullScore: 100, passScore: 60, required: true };

const toFormValues = (
  scheme: SchemeView | undefined,
  filters: { subjectId?: number; level?: CertLevel },
): Partial<SchemeFormValues> =>
  scheme
    ? {
        subjectId: scheme.subjectId,
        level: scheme.level,
        validityMonths: scheme.validityMonths,
        components: scheme.components.map(({ kind, fullScore, passScore, required }) => ({
          kind,
          fullScore,
          passScore,
          required,
        })),
      }
    : {
        ...filters,
        validityMonths: 12,
        components: [
          { kind: 'theory', ...DEFAULT_COMPONENT },
          { kind: 'skills', ...DEFAULT_COMPONENT },
        ],
      };

const toInput = (values: SchemeFormValues): SchemeInput => ({
  subjectId: values.subjectId,
  level: values.level,
  validityMonths: values.validityMonths,
  components: values.components,
});

interface SchemeFormModalProps extends EntityDialogProps {
  /** The scheme to edit; none to add one. */
  scheme?: SchemeView;
  /** Where a new scheme starts (the list's filters). */
  subjectId?: number;
  level?: CertLevel;
}

/** Adds or edits a certification scheme: job type, level, validity and its components as rows. */
export function SchemeFormModal({ scheme, subjectId, level, ...dialog }: SchemeFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SchemeFormValues>();
  const chosenSubject = Form.useWatch('subjectId', form);
  const jobTypes = useAllJobTypes();
  const levels = jobTypes.data?.find((jobType) => jobType.id === chosenSubject)?.levels;
  const inUse = (scheme?.exams.length ?? 0) + (scheme?.assessments.length ?? 0) > 0;

  const save = useMutation({
    mutationFn: (values: SchemeFormValues) =>
      addOrUpdate(scheme, toInput(values), { add: addScheme, update: updateScheme }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schemeKeys.all }),
  });

  const choose = (field: string): FormRule => ({
    required: true,
    message: t('certification.rules.choose', { field }),
  });
  /** The rules between the rows, as the server checks them too. */
  const componentsRule = {
    validator: async (_: unknown, components: ComponentValues[] | undefined) => {
      const rows = components ?? [];
      const kinds = rows.map((row) => row.kind);
      if (new Set(kinds).size !== kinds.length) {
        throw new Error(t('certification.rules.kindTwice'));
      }
      if (!rows.some((row) => row.kind === 'theory' && row.required)) {
        throw new Error(t('certification.rules.needsTheory'));
      }
    },
  };
  const passWithinFull =
    (index: number): FormRule =>
    ({ getFieldValue }) => ({
      validator: async (_, pass: number | null) => {
        const full = getFieldValue(['components', index, 'fullScore']) as number | null;
        if (pass !== null && full !== null && pass > full) {
          throw new Error(t('certification.rules.passAboveFull'));
        }
      },
    });

  return (
    <EntityFormDialog
      {...dialog}
      title={t(scheme ? 'certification.scheme.edit' : 'certification.scheme.add')}
      name="schemeForm"
      form={form}
      initialValues={toFormValues(scheme, { subjectId, level })}
      save={save}
      savedMessage={t(scheme ? 'common.saved' : 'certification.scheme.added')}
      refused="form"
      modal={{ width: { xs: '100%', md: 720 } }}
    >
      <Form.Item
        name="subjectId"
        label={t('certification.scheme.jobType')}
        rules={[choose(t('certification.scheme.jobType'))]}
        extra={inUse ? t('certification.scheme.lockedInUse') : undefined}
      >
        <AnyJobTypeSelect
          allowClear={false}
          disabled={inUse}
          onChange={(value, jobType) =>
            form.setFieldsValue({
              subjectId: value,
              level: jobType?.levels.length === 1 ? jobType.levels[0] : undefined,
            })
          }
        />
      </Form.Item>
      <Form.Item
        name="level"
        label={t('certification.scheme.level')}
        rules={[choose(t('certification.scheme.level'))]}
      >
        <LevelSelect
          levels={levels}
          allowClear={false}
          disabled={inUse}
          waitingFor={chosenSubject === undefined ? t('school.select.jobTypeFirst') : undefined}
        />
      </Form.Item>
      <Form.Item
        name="validityMonths"
        label={t('certification.scheme.validityMonths')}
        extra={t('certification.scheme.validityHelp')}
        rules={[{ required: true, message: t('certification.rules.validity') }]}
      >
        <InputNumber
          min={1}
          max={SCHEME_VALIDITY_MONTHS_MAX}
          precision={0}
          suffix={t('certification.scheme.monthsUnit')}
        />
      </Form.Item>
      <Form.List name="components" rules={[componentsRule]}>
        {(fields, { add, remove }, { errors }) => (
          <Form.Item
            label={t('certification.scheme.components')}
            extra={t('certification.scheme.componentsHelp')}
            required
          >
            <Flex vertical gap={8} className="scheme-components">
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} wrap align="flex-start" className="scheme-component">
                  <Form.Item
                    name={[field.name, 'kind']}
                    style={{ flex: '1 1 180px', marginBottom: 0 }}
                    rules={[choose(t('certification.scheme.kind'))]}
                  >
                    <Select
                      aria-label={t('certification.scheme.kind')}
                      options={SCHEME_COMPONENT_KINDS.map((kind) => ({
                        value: kind,
                        label: t(`certification.kinds.${kind}`),
                      }))}
                      onChange={() => void form.validateFields([['components']]).catch(() => {})}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'fullScore']}
                    style={{ flex: '0 1 110px', marginBottom: 0 }}
                    rules={[{ required: true, message: t('certification.rules.score') }]}
                  >
                    <InputNumber
                      min={0.01}
                      max={1000}
                      precision={2}
                      style={{ width: '100%' }}
                      prefix={t('certification.scheme.fullShort')}
                      aria-label={t('certification.scheme.fullScore')}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'passScore']}
                    style={{ flex: '0 1 110px', marginBottom: 0 }}
                    dependencies={[['components', index, 'fullScore']]}
                    rules={[
                      { required: true, message: t('certification.rules.score') },
                      passWithinFull(index),
                    ]}
                  >
                    <InputNumber
                      min={0.01}
                      max={1000}
                      precision={2}
                      style={{ width: '100%' }}
                      prefix={t('certification.scheme.passShort')}
                      aria-label={t('certification.scheme.passScore')}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'required']}
                    valuePropName="checked"
                    style={{ marginBottom: 0, paddingTop: 5 }}
                  >
                    <Checkbox
                      onChange={() => void form.validateFields([['components']]).catch(() => {})}
                    >
                      {t('certification.scheme.required')}
                    </Checkbox>
                  </Form.Item>
                  <Tooltip title={t('certification.scheme.removeComponent')}>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      disabled={fields.length <= 1}
                      aria-label={t('certification.scheme.removeComponent')}
                      onClick={() => remove(field.name)}
                    />
                  </Tooltip>
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= SCHEME_COMPONENT_KINDS.length}
                onClick={() => {
                  const taken = new Set(
                    (form.getFieldValue('components') as ComponentValues[]).map((row) => row.kind),
                  );
                  const kind = SCHEME_COMPONENT_KINDS.find((each) => !taken.has(each)) ?? 'review';
                  add({ kind, ...DEFAULT_COMPONENT, required: kind !== 'review' });
                }}
              >
                {t('certification.scheme.addComponent')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Flex>
          </Form.Item>
        )}
      </Form.List>
    </EntityFormDialog>
  );
}
