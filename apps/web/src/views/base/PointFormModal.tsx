import {
  IMPORTANCE,
  KnowledgeType,
  weightPercent,
  type CourseNode,
  type Importance,
  type KnowledgeView,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addKnowledge, updateKnowledge, type KnowledgeScope } from '../../api/base';
import { EntityFormDialog, type EntityDialogProps } from '../../components/form/EntityFormDialog';
import { baseKeys } from '../../components/knowledge/queries';
import { useKnowledgeFields } from './use-base-fields';
import { useFieldRules } from '../../components/form/use-field-rules';
import { formatPercent, remainingWeight, sumIfOver, weightSum } from './weights';

interface PointFormValues {
  parentId: number;
  code: string;
  name: string;
  importance: Importance;
  weight: number;
  sort: number;
  description?: string;
}

interface PointFormModalProps extends EntityDialogProps {
  scope: KnowledgeScope;
  /** The courses of the scope: a point may move to another one. */
  courses: readonly CourseNode[];
  /** The course a new point goes under. */
  courseId: number;
  /** The appraisal point to edit; none to add one. */
  point?: KnowledgeView;
}

export function PointFormModal({
  scope,
  courses,
  courseId,
  point,
  ...dialog
}: PointFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useFieldRules('base');
  const fields = useKnowledgeFields();
  const [form] = Form.useForm<PointFormValues>();
  const parentId = Form.useWatch('parentId', form) ?? point?.parentId ?? courseId;
  const siblings = courses.find((course) => course.id === parentId)?.children ?? [];
  const others = weightSum(siblings, point?.id);
  const left = remainingWeight(siblings, point?.id);

  const save = useMutation({
    mutationFn: (values: PointFormValues) => {
      const fields = {
        type: KnowledgeType.POINT,
        parentId: values.parentId,
        code: values.code.trim(),
        name: values.name.trim(),
        importance: values.importance,
        weight: values.weight,
        description: values.description?.trim() ?? '',
        sort: values.sort ?? 0,
      };
      return point
        ? updateKnowledge({ id: point.id, ...fields }, { quiet: true })
        : addKnowledge({ ...scope, ...fields }, { quiet: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: baseKeys.knowledge }),
  });

  return (
    <EntityFormDialog
      {...dialog}
      title={t(point ? 'base.point.edit' : 'base.point.add')}
      name="pointForm"
      form={form}
      initialValues={
        point
          ? {
              parentId: point.parentId ?? courseId,
              code: point.code,
              name: point.name,
              importance: point.importance ?? 'Y',
              weight: point.weight,
              sort: point.sort,
              description: point.description,
            }
          : { parentId: courseId, importance: 'Y', sort: 0 }
      }
      save={save}
      savedMessage={t(point ? 'common.saved' : 'base.point.added')}
      // The list may have been stale: it reloads (onSettled) and the field says why.
      refused="form"
    >
      <Form.Item
        name="parentId"
        label={t('base.point.course')}
        rules={[rules.choose(t('base.point.course'))]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={courses.map((course) => ({
            value: course.id,
            label: `${course.code} ${course.name}`,
          }))}
          onChange={() => void form.validateFields(['weight']).catch(() => undefined)}
        />
      </Form.Item>
      {fields.code}
      {fields.name(t('base.point.name'))}
      <Form.Item
        name="importance"
        label={t('base.point.importance')}
        rules={[rules.choose(t('base.point.importance'))]}
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={IMPORTANCE.map((code) => ({
            value: code,
            label: t('base.importance.tag', { code, label: t(`base.importance.${code}`) }),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="weight"
        label={t('base.point.weight')}
        extra={t('base.point.weightHelp', {
          others: formatPercent(others),
          left: formatPercent(left),
        })}
        rules={[
          {
            required: true,
            message: t('base.rules.required', { field: t('base.point.weight') }),
          },
          {
            validator: (_, value?: number | null) => {
              if (value === undefined || value === null) return Promise.resolve();
              if (!weightPercent.safeParse(value).success) {
                return Promise.reject(new Error(t('base.point.weightDecimals')));
              }
              const over = sumIfOver(siblings, value, point?.id);
              return over === undefined
                ? Promise.resolve()
                : Promise.reject(
                    new Error(t('base.point.weightOver', { sum: formatPercent(over) })),
                  );
            },
          },
        ]}
      >
        <InputNumber
          min={0}
          max={100}
          step={1}
          precision={2}
          suffix="%"
          style={{ width: '100%' }}
        />
      </Form.Item>
      {fields.sort}
      {fields.description}
    </EntityFormDialog>
  );
}
