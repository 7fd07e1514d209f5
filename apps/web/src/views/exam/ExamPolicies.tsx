import type { ExamView } from '@kaoshi/shared';
import { Descriptions, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';

export type ExamPolicyValues = Pick<
  ExamView,
  | 'lateEntryMinutes'
  | 'minSubmitMinutes'
  | 'shuffleQuestions'
  | 'shuffleOptions'
  | 'multipleScoring'
  | 'partialShare'
  | 'showResult'
  | 'allowReview'
  | 'leaveLimit'
  | 'fullscreen'
  | 'applyAccommodations'
  | 'requireCheckIn'
  | 'holdUntilRoomStart'
  | 'takeover'
  | 'ipAllowList'
  | 'accessCode'
>;

/** An exam's policies in words: the review step and the details show the same list. */
export function ExamPolicies({ policies }: { policies: ExamPolicyValues }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  const items: DescriptionsProps['items'] = [
    {
      key: 'lateEntry',
      label: t('exam.fields.lateEntryMinutes'),
      children:
        policies.lateEntryMinutes === 0
          ? t('exam.policy.lateEntryNone')
          : t('exam.policy.lateEntry', { count: policies.lateEntryMinutes }),
    },
    {
      key: 'minSubmit',
      label: t('exam.fields.minSubmitMinutes'),
      children:
        policies.minSubmitMinutes === 0
          ? t('exam.policy.minSubmitNone')
          : t('exam.policy.minSubmit', { count: policies.minSubmitMinutes }),
    },
    {
      key: 'shuffleQuestions',
      label: t('exam.fields.shuffleQuestions'),
      children: yesNo(policies.shuffleQuestions),
    },
    {
      key: 'shuffleOptions',
      label: t('exam.fields.shuffleOptions'),
      children: yesNo(policies.shuffleOptions),
    },
    {
      key: 'multipleScoring',
      label: t('exam.fields.multipleScoring'),
      children:
        policies.multipleScoring === 'partial'
          ? t('exam.policy.partial', { percent: Math.round(policies.partialShare * 100) })
          : t('exam.scoring.all'),
    },
    {
      key: 'showResult',
      label: t('exam.fields.showResult'),
      children: t(`exam.showResult.${policies.showResult}`),
    },
    {
      key: 'allowReview',
      label: t('exam.fields.allowReview'),
      children: yesNo(policies.allowReview),
    },
    {
      key: 'leaveLimit',
      label: t('exam.fields.leaveLimit'),
      children:
        policies.leaveLimit === 0
          ? t('exam.policy.leaveNone')
          : t('exam.policy.leave', { count: policies.leaveLimit }),
    },
    {
      key: 'fullscreen',
      label: t('exam.fields.fullscreen'),
      children: yesNo(policies.fullscreen),
    },
    {
      key: 'applyAccommodations',
      label: t('exam.fields.applyAccommodations'),
      children: yesNo(policies.applyAccommodations),
    },
    {
      key: 'requireCheckIn',
      label: t('exam.fields.requireCheckIn'),
      children: yesNo(policies.requireCheckIn),
    },
    {
      key: 'holdUntilRoomStart',
      label: t('exam.fields.holdUntilRoomStart'),
      children: yesNo(policies.holdUntilRoomStart),
    },
    {
      key: 'takeover',
      label: t('exam.fields.takeover'),
      children: t(`exam.takeover.${policies.takeover}`),
    },
    {
      key: 'ipAllowList',
      label: t('exam.fields.ipAllowList'),
      children:
        policies.ipAllowList.length === 0 ? (
          t('exam.policy.anywhere')
        ) : (
          <Typography.Text code className="exam-ip-list">
            {policies.ipAllowList.join(', ')}
          </Typography.Text>
        ),
    },
    {
      key: 'accessCode',
      label: t('exam.fields.accessCode'),
      children: policies.accessCode === '' ? t('exam.policy.noAccessCode') : policies.accessCode,
    },
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, xl: 3 }}
      items={items}
      className="exam-policies"
    />
  );
}
