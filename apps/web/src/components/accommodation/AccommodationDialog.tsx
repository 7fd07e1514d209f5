import type { AccommodationSettings, EffectiveAccommodation } from '@kaoshi/shared';
import {
  TIME_MULTIPLIERS,
  ACCOMMODATION_MINUTES_MAX,
  ACCOMMODATION_NOTE_MAX,
  BREAK_COUNT_MAX,
  BREAK_MINUTES_MAX,
} from '@kaoshi/shared';
import { SolutionOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  getClassAccommodation,
  getStudentAccommodation,
  setClassAccommodation,
  setStudentAccommodation,
} from '../../api/accommodation';
import { RowAction } from '../list/RowAction';
import { EntityFormDialog, type EntityDialogProps } from '../form/EntityFormDialog';
import {
  bodyOf,
  formValuesOf,
  type AccommodationFormValues,
  type AccommodationOwner,
} from './accommodation-form';
import { accommodationSummary } from './accommodation-text';

export interface AccommodationTarget {
  owner: AccommodationOwner;
  /** The student's or the batch's id. */
  id: number;
  name: string;
}

interface Loaded {
  own: AccommodationSettings | null;
  batch?: AccommodationSettings | null;
  effective?: EffectiveAccommodation;
}

export const accommodationKeys = {
  one: (owner: AccommodationOwner, id: number) => ['accommodation', owner, id] as const,
  exam: (examId: number) => ['accommodation', 'exam', examId] as const,
};

/**
 * A student's or a batch's accommodations (docs/features/accommodations.md): extra time as
 * minutes or a multiplier, large font, screen-reader layout, a note. A student's fields may be
 * left to the batch; the dialog shows what the batch says and what applies now.
 */
export function AccommodationDialog({
  target,
  ...dialog
}: EntityDialogProps & { target: AccommodationTarget | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AccommodationFormValues>();
  const owner = target?.owner ?? 'student';
  const loaded = useQuery({
    queryKey: accommodationKeys.one(owner, target?.id ?? 0),
    queryFn: (): Promise<Loaded> =>
      owner === 'student' ? getStudentAccommodation(target!.id) : getClassAccommodation(target!.id),
    enabled: dialog.open && target !== null,
    gcTime: 0,
  });
  const save = useMutation({
    mutationFn: (values: AccommodationFormValues) =>
      owner === 'student'
        ? setStudentAccommodation(
            { studentId: target!.id, ...bodyOf(values, owner) },
            { quiet: true },
          )
        : setClassAccommodation({ classId: target!.id, ...bodyOf(values, owner) }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accommodation'] }),
  });
  const kind = Form.useWatch('extraKind', form);
  const breakKind = Form.useWatch('breakKind', form);
  const choices = (['inherit', 'yes', 'no'] as const)
    .filter((choice) => owner === 'student' || choice !== 'inherit')
    .map((choice) => ({ value: choice, label: t(`accommodation.choices.${choice}`) }));
  const kinds = (['inherit', 'none', 'minutes', 'multiplier'] as const)
    .filter((value) => owner === 'student' || value !== 'inherit')
    .map((value) => ({ value, label: t(`accommodation.kinds.${value}`) }));
  const breakKinds = (['inherit', 'none', 'breaks'] as const)
    .filter((value) => owner === 'student' || value !== 'inherit')
    .map((value) => ({ value, label: t(`accommodation.breakKinds.${value}`) }));
  const data = loaded.data;

  return (
    <EntityFormDialog<AccommodationFormValues>
      {...dialog}
      open={dialog.open && target !== null}
      title={
        owner === 'student'
          ? t('accommodation.studentTitle', { name: target?.name ?? '' })
          : t('accommodation.batchTitle', { name: target?.name ?? '' })
      }
      name="accommodationForm"
      form={form}
      save={save}
      savedMessage={t('accommodation.saved')}
      refused="form"
      initialValues={data ? formValuesOf(data.own, owner) : undefined}
      header={
        <>
          <Typography.Paragraph type="secondary">{t('accommodation.rule')}</Typography.Paragraph>
          {data?.batch !== undefined && (
            <Typography.Paragraph className="accommodation-batch">
              {t('accommodation.batchHas', {
                text: data.batch
                  ? accommodationSummary(t, {
                      ...data.batch,
                      largeFont: !!data.batch.largeFont,
                      screenReader: !!data.batch.screenReader,
                    })
                  : t('accommodation.nothing'),
              })}
              <br />
              {data.effective &&
                t('accommodation.applies', { text: accommodationSummary(t, data.effective) })}
            </Typography.Paragraph>
          )}
        </>
      }
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Form.Item name="extraKind" label={t('accommodation.extraTime')}>
            <Radio.Group optionType="button" options={kinds} />
          </Form.Item>
          {kind === 'minutes' && (
            <Form.Item
              name="extraMinutes"
              label={t('accommodation.extraMinutes')}
              rules={[{ required: true, message: t('accommodation.extraMinutes') }]}
            >
              <InputNumber min={1} max={ACCOMMODATION_MINUTES_MAX} precision={0} />
            </Form.Item>
          )}
          {kind === 'multiplier' && (
            <Form.Item
              name="timeMultiplier"
              label={t('accommodation.timeMultiplier')}
              rules={[{ required: true, message: t('accommodation.timeMultiplier') }]}
            >
              <Select
                aria-label={t('accommodation.timeMultiplier')}
                options={TIME_MULTIPLIERS.map((value) => ({ value, label: `×${value}` }))}
                style={{ width: 160 }}
              />
            </Form.Item>
          )}
          <Form.Item name="largeFont" label={t('accommodation.largeFont')}>
            <Radio.Group optionType="button" options={choices} />
          </Form.Item>
          <Form.Item name="screenReader" label={t('accommodation.screenReader')}>
            <Radio.Group optionType="button" options={choices} />
          </Form.Item>
          <Form.Item name="breakKind" label={t('accommodation.breaks')}>
            <Radio.Group optionType="button" options={breakKinds} />
          </Form.Item>
          {breakKind === 'breaks' && (
            <Form.Item label={t('accommodation.breaksDetail')} required>
              {/* Both or neither: the two numbers of one field. */}
              <Space wrap className="accommodation-breaks">
                <Form.Item
                  name="breakCount"
                  noStyle
                  rules={[{ required: true, message: t('accommodation.breakCount') }]}
                >
                  <InputNumber
                    min={1}
                    max={BREAK_COUNT_MAX}
                    precision={0}
                    aria-label={t('accommodation.breakCount')}
                    suffix={t('accommodation.breakCountUnit')}
                  />
                </Form.Item>
                <Form.Item
                  name="breakMinutes"
                  noStyle
                  rules={[{ required: true, message: t('accommodation.breakMinutes') }]}
                >
                  <InputNumber
                    min={1}
                    max={BREAK_MINUTES_MAX}
                    precision={0}
                    aria-label={t('accommodation.breakMinutes')}
                    suffix={t('accommodation.breakMinutesUnit')}
                  />
                </Form.Item>
              </Space>
            </Form.Item>
          )}
          <Form.Item name="note" label={t('accommodation.note')}>
            <Input
              maxLength={ACCOMMODATION_NOTE_MAX}
              placeholder={t('accommodation.notePlaceholder')}
            />
          </Form.Item>
        </>
      )}
    </EntityFormDialog>
  );
}

/** The row action that opens the dialog (a student's or a batch's). */
export function AccommodationAction({
  compact,
  onClick,
}: {
  compact?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RowAction
      icon={<SolutionOutlined />}
      label={t('accommodation.action')}
      compact={compact}
      onClick={onClick}
    />
  );
}
