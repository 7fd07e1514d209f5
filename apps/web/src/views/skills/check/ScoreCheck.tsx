import type { CheckCandidateView } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Flex,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDrawer } from '../../../components/ResponsiveDrawer';
import { listCheckCandidates, listMyCheckAssessments } from '../../../api/skills-check';
import { CandidateSheets } from './CandidateSheets';
import { STATE_COLORS, checkKeys } from './check-routes';

/**
 * The chief examiner's and the score checker's desk (考评组长与核分): an assessment's candidates
 * and where each stands; a candidate's sheets side by side to reopen, decide, check and print.
 */
export default function ScoreCheck() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number>();
  const [candidateId, setCandidateId] = useState<number>();
  const assessments = useQuery({
    queryKey: checkKeys.assessments,
    queryFn: listMyCheckAssessments,
  });
  const assessmentId = chosen ?? assessments.data?.[0]?.id;
  const assessment = assessments.data?.find((a) => a.id === assessmentId);
  const candidates = useQuery({
    queryKey: checkKeys.candidates(assessmentId ?? 0),
    queryFn: () => listCheckCandidates(assessmentId!),
    enabled: assessmentId !== undefined,
  });
  const current = candidates.data?.find((c) => c.id === candidateId);

  const columns: TableColumnsType<CheckCandidateView> = [
    { title: t('skillsCheck.columns.ticket'), dataIndex: 'ticketNumber', width: 130 },
    { title: t('skillsCheck.columns.name'), dataIndex: 'name', width: 110 },
    {
      title: t('skillsCheck.columns.station'),
      key: 'station',
      width: 80,
      responsive: ['md'],
      render: (_, c) => c.station,
    },
    {
      title: t('skillsCheck.columns.signed'),
      key: 'signed',
      width: 90,
      render: (_, c) => `${c.sheetsSigned}/${c.examiners}`,
    },
    {
      title: t('skillsCheck.columns.state'),
      key: 'state',
      width: 120,
      render: (_, c) => (
        <Tag color={STATE_COLORS[c.state]}>{t(`skillsCheck.states.${c.state}`)}</Tag>
      ),
    },
    {
      title: t('skillsCheck.columns.finalScore'),
      key: 'final',
      width: 90,
      render: (_, c) => (c.finalVeto ? 0 : (c.finalScore ?? '—')),
    },
    {
      title: '',
      key: 'open',
      width: 90,
      fixed: 'right',
      render: (_, c) => (
        <Button size="small" onClick={() => setCandidateId(c.id)}>
          {t('skillsCheck.open')}
        </Button>
      ),
    },
  ];

  if (assessments.data && assessments.data.length === 0) {
    return (
      <Card>
        <Empty description={t('skillsCheck.noAssessments')} />
      </Card>
    );
  }

  return (
    <Card>
      <Flex vertical gap={12}>
        <Flex wrap gap={8} align="center">
          <Select
            aria-label={t('skillsCheck.assessment')}
            placeholder={t('skillsCheck.pickAssessment')}
            style={{ minWidth: 240, maxWidth: '100%' }}
            loading={assessments.isLoading}
            value={assessmentId}
            onChange={(id: number) => {
              setChosen(id);
              setCandidateId(undefined);
            }}
            options={(assessments.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
          {assessment?.chief && <Tag color="gold">{t('skillsCheck.roles.chief')}</Tag>}
          {assessment?.checker && <Tag color="cyan">{t('skillsCheck.roles.checker')}</Tag>}
        </Flex>
        {assessment && (
          <Typography.Text type="secondary">
            {t('skillsCheck.counts', {
              count: assessment.candidates,
              disputed: assessment.disputed,
              toCheck: assessment.toCheck,
              checked: assessment.checked,
            })}
          </Typography.Text>
        )}
        <Table<CheckCandidateView>
          size="small"
          rowKey="id"
          loading={candidates.isLoading}
          columns={columns}
          dataSource={candidates.data ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 560 }}
          onRow={(c) => ({ onDoubleClick: () => setCandidateId(c.id) })}
        />
      </Flex>
      <ResponsiveDrawer
        width={960}
        wideFrom="md"
        open={current !== undefined && assessment !== undefined}
        onClose={() => setCandidateId(undefined)}
        title={
          current &&
          t('skillsCheck.sheets.title', { name: current.name, ticket: current.ticketNumber })
        }
      >
        {current && assessment && (
          <CandidateSheets assessment={assessment} candidateId={current.id} />
        )}
      </ResponsiveDrawer>
    </Card>
  );
}
