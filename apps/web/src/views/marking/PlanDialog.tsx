import { MARKING_MODES, type MarkingMode } from '@kaoshi/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, InputNumber, Radio, Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listMarkers, setMarkingPlan } from '../../api/marking';
import { ApiError } from '../../api/request';
import { EntityFormDialog } from '../../components/form/EntityFormDialog';
import { markingKeys } from '../../components/marking/marking-format';
import { useItemLabel, useMarkerName } from './marking-names';
import type { MarkingDialogProps } from './marking-dialog';

interface PlanForm {
  mode: MarkingMode;
  double: boolean;
  tolerance: number;
  step: number;
  auditShare: number;
  markers: Record<string, number[]>;
}

/**
 * The exam's marking plan (MARKINGPAPERS-ARBITRATE): mode, single or double marking, tolerance,
 * step, audit share and the markers of each question. Once marks exist the server keeps the
 * first four as they were and says so; the refusal stays shown in the dialog.
 */
export function PlanDialog({ view, ...dialog }: MarkingDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const itemLabel = useItemLabel(view.items);
  const markerName = useMarkerName(view);
  const [form] = Form.useForm<PlanForm>();
  const double = Form.useWatch('double', form) as boolean | undefined;
  const [refusal, setRefusal] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(keyword.trim()), 300);
    return () => clearTimeout(timer);
  }, [keyword]);
  // Whoever may set plans may list markers (the server's listMarkers), with no user rights.
  const users = useQuery({
    queryKey: ['marking', 'markerOptions', search],
    queryFn: () => listMarkers(search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const plan = view.plan;
  // Assigned markers are listed with 0 marks before they mark: only marks count here.
  const marksGiven = view.items.some(
    (item) => item.marked > 0 || item.markers.some((marker) => marker.marks > 0),
  );
  const assigned = new Map(plan?.assignments.map((a) => [a.itemId, a.markerIds]) ?? []);
  // Markers already in the plan are always offered, named as well as the overview can.
  const known = new Map<number, string>();
  for (const ids of assigned.values()) for (const id of ids) known.set(id, markerName(id));
  for (const user of users.data ?? []) {
    known.set(user.id, `${user.nickName || user.name} (${user.name})`);
  }
  const options: SelectProps['options'] = [...known].map(([value, label]) => ({ value, label }));

  const save = useMutation({
    mutationFn: (values: PlanForm) =>
      setMarkingPlan({
        examId: view.examId,
        mode: values.mode,
        double: values.double,
        tolerance: values.tolerance,
        step: values.step,
        auditShare: values.auditShare,
        assignments: view.items.map((item) => ({
          itemId: item.itemId,
          markerIds: values.markers[item.itemId] ?? [],
        })),
      }),
    onMutate: () => setRefusal(undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: markingKeys.all }),
  });

  const initialValues: PlanForm = {
    mode: plan?.mode ?? 'question',
    double: plan?.double ?? false,
    tolerance: plan?.tolerance ?? 2,
    step: plan?.step ?? 0.5,
    auditShare: plan?.auditShare ?? 5,
    markers: Object.fromEntries(
      view.items.map((item) => [item.itemId, assigned.get(item.itemId) ?? []]),
    ),
  };

  /** A number of points, on half a point by default (tolerance, step). */
  const pointsItem = (name: 'tolerance' | 'step', min: number, hidden?: boolean) => (
    <Form.Item
      name={name}
      label={t(`marking.plan.${name}`)}
      extra={t(`marking.plan.${name}Help`)}
      hidden={hidden}
      rules={[{ required: true }]}
    >
      <InputNumber
        min={min}
        max={1000}
        precision={2}
        step={0.5}
        suffix={t('marking.plan.points')}
        style={{ width: 160 }}
      />
    </Form.Item>
  );

  return (
    <EntityFormDialog
      {...dialog}
      title={t('marking.plan.title')}
      form={form}
      initialValues={initialValues}
      save={save}
      savedMessage={t('marking.plan.saved')}
      // Also the request layer's toast; kept here, as the dialog stays open to be corrected.
      refused={(error) => {
        if (error instanceof ApiError) setRefusal(error.message);
      }}
      modal={{ className: 'marking-plan-dialog' }}
      header={
        <>
          {marksGiven && (
            <Alert
              type="info"
              showIcon
              title={t('marking.plan.frozen')}
              style={{ marginBottom: 16 }}
            />
          )}
          {refusal && (
            <Alert
              type="error"
              showIcon
              title={t('marking.plan.refused')}
              description={refusal}
              style={{ marginBottom: 16 }}
              className="marking-plan-refusal"
            />
          )}
        </>
      }
    >
      <Form.Item name="mode" label={t('marking.plan.mode')} extra={t('marking.plan.modeHelp')}>
        <Radio.Group
          options={MARKING_MODES.map((mode) => ({
            value: mode,
            label: t(`marking.plan.modes.${mode}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="double" label={t('marking.plan.double')}>
        <Radio.Group
          options={[
            { value: false, label: t('marking.plan.doubleOptions.single') },
            { value: true, label: t('marking.plan.doubleOptions.double') },
          ]}
        />
      </Form.Item>
      {pointsItem('tolerance', 0, !double)}
      {pointsItem('step', 0.01)}
      <Form.Item
        name="auditShare"
        label={t('marking.plan.auditShare')}
        extra={t('marking.plan.auditShareHelp')}
        rules={[{ required: true }]}
      >
        <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 160 }} />
      </Form.Item>
      {view.items.map((item) => (
        <Form.Item
          key={item.itemId}
          name={['markers', item.itemId]}
          label={t('marking.plan.markers', { item: itemLabel(item.itemId) })}
          extra={double ? t('marking.plan.markersHelpDouble') : undefined}
        >
          <Select
            mode="multiple"
            allowClear
            options={options}
            showSearch={{ onSearch: setKeyword, optionFilterProp: 'label' }}
            onBlur={() => setKeyword('')}
            loading={users.isFetching}
            placeholder={t('marking.plan.markersPlaceholder')}
            className="marking-plan-markers"
            data-item={item.itemId}
          />
        </Form.Item>
      ))}
    </EntityFormDialog>
  );
}
