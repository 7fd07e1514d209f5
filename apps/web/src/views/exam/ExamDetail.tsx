import {
  ArrowLeftOutlined,
  DashboardOutlined,
  EditOutlined,
  IdcardOutlined,
  RedoOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { CertLevel, ExamView } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Grid,
  List,
  Result,
  Skeleton,
  Tabs,
  Tag,
  Typography,
  type DescriptionsProps,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getExam } from '../../api/exam';
import { useDialog } from '../../components/list/use-dialog';
import { useLevelLabel } from '../../components/structure';
import { proctorable, proctorPath } from '../../components/exam/proctor-paths';
import { CandidatePanel } from './CandidatePanel';
import { ExamChanges } from './ExamChanges';
import { localTime, localWindow } from '../../components/exam/exam-format';
import { ExamPolicies } from './ExamPolicies';
import {
  EXAM_LIST_PATH,
  examDetailPath,
  examEditPath,
  examKeys,
} from '../../components/exam/exam-routes';
import { ExamStateTag } from '../../components/exam/ExamStateTag';
import { MakeUpDialog } from '../../components/exam/MakeUpDialog';
import { TicketDialog } from './TicketDialog';
import { useExamActions } from './use-exam-actions';
import './exam.css';

/**
 * An exam (?id=N): its fields and policies, its candidates, the make-ups published for it and
 * the record of every change; from here it is edited, published, and its tickets printed.
 */
export default function ExamDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const known = Number.isInteger(id) && id > 0;
  const exam = useQuery({
    queryKey: examKeys.one(id),
    queryFn: () => getExam(id),
    enabled: known,
  });
  if (!known || exam.isError) {
    return (
      <Result
        status="warning"
        title={known ? t('exam.detail.loadFailed') : t('exam.detail.noExam')}
        subTitle={exam.error?.message}
        extra={<Link to={EXAM_LIST_PATH}>{t('exam.backToList')}</Link>}
      />
    );
  }
  if (!exam.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return <ExamDetailView key={id} exam={exam.data} />;
}

function ExamDetailView({ exam }: { exam: ExamView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const actions = useExamActions();
  const dialog = useDialog<'tickets' | 'makeUp'>();
  const closed = exam.state === 'closed' || exam.state === 'released';

  const facts: DescriptionsProps['items'] = [
    { key: 'paper', label: t('exam.fields.paper'), children: exam.paperName },
    {
      key: 'subject',
      label: t('exam.fields.jobTypeLevel'),
      children: `${exam.subjectName} · ${levelLabel(exam.level as CertLevel)}`,
    },
    {
      key: 'batches',
      label: t('exam.fields.classIds'),
      children: (
        <Flex wrap gap={4}>
          {exam.classes.map((batch) => (
            <Tag key={batch.id} style={{ marginInlineEnd: 0 }}>
              {batch.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'window',
      label: t('exam.fields.window'),
      children: localWindow(exam.startAt, exam.endAt),
    },
    {
      key: 'duration',
      label: t('exam.fields.durationMinutes'),
      children: t('exam.minutes', { count: exam.durationMinutes }),
    },
    {
      key: 'points',
      label: t('exam.fields.totalAndPass'),
      children: t('exam.detail.points', {
        total: exam.total,
        pass: exam.passScore,
        count: exam.questionCount,
      }),
    },
    {
      key: 'notice',
      label: t('exam.fields.instruction'),
      children: exam.instructionTitle ?? t('exam.edit.noInstruction'),
    },
    {
      key: 'candidates',
      label: t('exam.fields.candidates'),
      children: exam.candidateCount,
    },
    {
      key: 'createdBy',
      label: t('exam.detail.createdBy'),
      children: exam.createdByName,
    },
    {
      key: 'publishedAt',
      label: t('exam.detail.publishedAt'),
      children: exam.publishedAt ? localTime(exam.publishedAt) : t('codes.none'),
    },
    ...(exam.releasedAt
      ? [
          {
            key: 'releasedAt',
            label: t('exam.detail.releasedAt'),
            children: localTime(exam.releasedAt),
          },
        ]
      : []),
    ...(exam.makeUpOf
      ? [
          {
            key: 'makeUpOf',
            label: t('exam.list.makeUpOf'),
            children: (
              <Link to={examDetailPath(exam.makeUpOf.id)}>
                {t('exam.detail.makeUpOf', {
                  name: exam.makeUpOf.name,
                  who: t(`exam.makeUp.whoOptions.${exam.makeUpOf.who}`),
                })}
              </Link>
            ),
          },
        ]
      : []),
  ];

  const makeUps = (
    <Flex vertical gap={12}>
      {closed && (
        <div>
          <Button icon={<RedoOutlined />} onClick={() => dialog.show('makeUp')}>
            {t('exam.actions.makeUp')}
          </Button>
        </div>
      )}
      <List
        className="exam-make-ups"
        dataSource={exam.makeUps}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={closed ? t('exam.detail.noMakeUps') : t('exam.detail.makeUpAfterClose')}
            />
          ),
        }}
        renderItem={(makeUp) => (
          <List.Item key={makeUp.id}>
            <List.Item.Meta
              title={<Link to={examDetailPath(makeUp.id)}>{makeUp.name}</Link>}
              description={t('exam.detail.makeUpFacts', {
                who: t(`exam.makeUp.whoOptions.${makeUp.who}`),
                count: makeUp.candidateCount,
              })}
            />
          </List.Item>
        )}
      />
    </Flex>
  );

  return (
    <Flex vertical gap={16} className="exam-detail">
      <Card size={screens.sm ? undefined : 'small'}>
        <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 16 }}>
          <Flex wrap gap={8} align="center" style={{ minWidth: 0 }}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(EXAM_LIST_PATH)}>
              {t('exam.backToList')}
            </Button>
            <Typography.Title level={4} style={{ margin: 0 }} className="exam-detail-title">
              {exam.name}
            </Typography.Title>
            <ExamStateTag state={exam.state} />
          </Flex>
          <Flex wrap gap={8}>
            {exam.editable !== 'none' && (
              <Button icon={<EditOutlined />} onClick={() => navigate(examEditPath(exam.id))}>
                {t('common.edit')}
              </Button>
            )}
            {exam.state === 'draft' && (
              <Button type="primary" icon={<SendOutlined />} onClick={() => actions.publish(exam)}>
                {t('exam.actions.publish')}
              </Button>
            )}
            {proctorable(exam.state) && (
              <Button icon={<DashboardOutlined />} onClick={() => navigate(proctorPath(exam.id))}>
                {t('exam.actions.proctor')}
              </Button>
            )}
            {exam.state !== 'draft' && (
              <Button icon={<IdcardOutlined />} onClick={() => dialog.show('tickets')}>
                {t('exam.actions.tickets')}
              </Button>
            )}
            {closed && (
              <Button icon={<RedoOutlined />} onClick={() => dialog.show('makeUp')}>
                {t('exam.actions.makeUp')}
              </Button>
            )}
          </Flex>
        </Flex>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 1, md: 2, xl: 3 }}
          items={facts}
          className="exam-facts"
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('exam.detail.policies')}
        </Typography.Title>
        <ExamPolicies policies={exam} />
      </Card>
      <Card size={screens.sm ? undefined : 'small'}>
        <Tabs
          className="exam-detail-tabs"
          items={[
            {
              key: 'candidates',
              label: t('exam.detail.candidatesTab', { count: exam.candidateCount }),
              children: <CandidatePanel exam={exam} />,
            },
            {
              key: 'makeUps',
              label: t('exam.detail.makeUpsTab', { count: exam.makeUps.length }),
              children: makeUps,
            },
            {
              key: 'changes',
              label: t('exam.detail.changesTab'),
              children: <ExamChanges exam={exam} />,
            },
          ]}
        />
      </Card>
      <TicketDialog
        key={`tickets-${dialog.key}`}
        open={dialog.open && dialog.target === 'tickets'}
        exam={exam}
        onClose={dialog.hide}
      />
      <MakeUpDialog
        key={`make-up-${dialog.key}`}
        open={dialog.open && dialog.target === 'makeUp'}
        exam={exam}
        onClose={dialog.hide}
      />
    </Flex>
  );
}
