import {
  MARKING_MODES,
  type MarkingMode,
  type MarkingProgressView,
  type SetMarkingPlanBody,
} from '@kaoshi/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, InputNumber, Modal, Radio, Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listMarkers, setMarkingPlan } from '../../api/marking';
import { ApiError } from '../../api/request';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { markingKeys } from '../../components/marking/marking-format';
import { useItemLabel, useMarkerName } from './marking-names';

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
export function PlanDialog({
  open,
  view,
  onClose,
}: {
  open: boolean;
  view: MarkingProgressView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
    mutationFn: (body: SetMarkingPlanBody) => setMarkingPlan(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: markingKeys.all }),
  });

  const submit = async (values: PlanForm) => {
    setRefusal(undefined);
    try {
      await save.mutateAsync({
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
      });
    } catch (error) {
      // Also the request layer's toast; kept here, as the dialog stays open to be corrected.
      if (error instanceof ApiError) setRefusal(error.message);
      return;
    }
    message.success(t('marking.plan.saved'));
    onClose();
  };

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

  return (
    <Modal
      open={open}
      title={t('marking.plan.title')}
      width={MODAL_WIDTH}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      className="marking-plan-dialog"
      destroyOnHidden
    >
      {marksGiven && (
        <Alert type="info" showIcon title={t('marking.plan.frozen')} style={{ marginBottom: 16 }} />
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
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
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
        <Form.Item
          name="tolerance"
          label={t('marking.plan.tolerance')}
          extra={t('marking.plan.toleranceHelp')}
          hidden={!double}
          rules={[{ required: true }]}
        >
          <InputNumber
            min={0}
            max={1000}
            precision={2}
            step={0.5}
            suffix={t('marking.plan.points')}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item
          name="step"
          label={t('marking.plan.step')}
          extra={t('marking.plan.stepHelp')}
          rules={[{ required: true }]}
        >
          <InputNumber
            min={0.01}
            max={1000}
            precision={2}
            step={0.5}
            suffix={t('marking.plan.points')}
            style={{ width: 160 }}
          />
        </Form.Item>
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
      </Form>
    </Modal>
  );
}
