import {
  EXAM_NAME_MAX,
  MAKE_UP_WHO,
  type CertLevel,
  type ExamListItem,
  type ExamPublishCheck,
  type MakeUpWho,
} from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addMakeUpExam, getPublishOptions } from '../../api/exam';
import { ApiError } from '../../api/request';
import { withoutFieldLabel } from '../../utils/server-error';
import { MODAL_WIDTH } from '../list/responsive';
import { useLevelLabel } from '../structure';
import { CandidateCheck } from './CandidateCheck';
import { examDetailPath, examKeys } from './exam-routes';
import { instant } from './exam-window';
import { ExamWindowFields } from './ExamWindowFields';

/** What the make-up dialog needs of the exam it repeats (a list row or the details). */
export type MakeUpSource = Pick<
  ExamListItem,
  'id' | 'name' | 'state' | 'paperId' | 'subjectId' | 'subjectName' | 'level' | 'durationMinutes'
>;

interface MakeUpValues {
  who: MakeUpWho;
  paperId?: number;
  startAt?: Dayjs | null;
  endAt?: Dayjs | null;
  durationMinutes?: number | null;
  name?: string;
}

const FIELDS = ['who', 'paperId', 'startAt', 'endAt', 'durationMinutes', 'name'] as const;

interface MakeUpDialogProps {
  open: boolean;
  exam?: MakeUpSource;
  onClose: () => void;
}

/**
 * A make-up exam (补考) of a closed exam: for its failed candidates, its absent ones or both (the
 * failed are known once the scores are released), with the same or another passed paper of the
 * job type and level, in a window of its own. Shows whom it was published for.
 */
export function MakeUpDialog({ open, exam, onClose }: MakeUpDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const levelLabel = useLevelLabel();
  const [form] = Form.useForm<MakeUpValues>();
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<{ id: number } & ExamPublishCheck>();
  const options = useQuery({
    queryKey: examKeys.options,
    queryFn: getPublishOptions,
    enabled: open,
  });
  const released = exam?.state === 'released';
  const papers = (options.data?.papers ?? []).filter(
    (paper) => paper.subjectId === exam?.subjectId && paper.level === exam?.level,
  );
  const samePaper = papers.some((paper) => paper.id === exam?.paperId);

  const submit = async (values: MakeUpValues) => {
    if (!exam) return;
    setSaving(true);
    setProblem(undefined);
    try {
      const name = values.name?.trim();
      const result = await addMakeUpExam(
        {
          examId: exam.id,
          paperId: values.paperId!,
          who: values.who,
          startAt: instant(values.startAt!),
          endAt: instant(values.endAt!),
          durationMinutes: values.durationMinutes!,
          ...(name ? { name } : {}),
        },
        { quiet: true },
      );
      setDone(result);
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const field = FIELDS.find((name) => name === error.field);
      if (field) form.setFields([{ name: field, errors: [withoutFieldLabel(error.message)] }]);
      else setProblem(error.message);
    } finally {
      setSaving(false);
    }
  };

  const footer = done
    ? [
        <Button key="close" onClick={onClose}>
          {t('exam.makeUp.close')}
        </Button>,
        <Button
          key="open"
          type="primary"
          onClick={() => {
            onClose();
            navigate(examDetailPath(done.id));
          }}
        >
          {t('exam.makeUp.openMakeUp')}
        </Button>,
      ]
    : undefined;

  return (
    <Modal
      open={open}
      title={t('exam.makeUp.title', { name: exam?.name ?? '' })}
      width={MODAL_WIDTH}
      okText={t('exam.makeUp.publish')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      footer={footer}
      className="exam-make-up-dialog"
      destroyOnHidden
    >
      {done ? (
        <Flex vertical gap={12}>
          <Alert type="success" showIcon title={t('exam.makeUp.published')} />
          <CandidateCheck check={done} />
        </Flex>
      ) : options.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<MakeUpValues>
          form={form}
          name="makeUpForm"
          layout="vertical"
          onFinish={(values) => void submit(values)}
          initialValues={{
            who: released ? 'both' : 'absent',
            paperId: samePaper ? exam?.paperId : undefined,
            durationMinutes: exam?.durationMinutes,
          }}
        >
          {exam && (
            <Typography.Paragraph type="secondary">
              {t('exam.makeUp.intro', {
                subject: exam.subjectName,
                level: levelLabel(exam.level as CertLevel),
              })}
            </Typography.Paragraph>
          )}
          {problem && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={problem}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item
            name="who"
            label={t('exam.makeUp.who')}
            extra={released ? undefined : t('exam.makeUp.needsRelease')}
          >
            <Radio.Group
              options={MAKE_UP_WHO.map((who) => ({
                value: who,
                label: t(`exam.makeUp.whoOptions.${who}`),
                disabled: !released && who !== 'absent',
              }))}
            />
          </Form.Item>
          <Form.Item
            name="paperId"
            label={t('exam.fields.paper')}
            rules={[{ required: true, message: t('exam.rules.paper') }]}
            extra={t('exam.makeUp.paperHelp')}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('exam.fields.paper')}
              placeholder={t('exam.fields.paper')}
              options={papers.map((paper) => ({ value: paper.id, label: paper.name }))}
              notFoundContent={t('exam.makeUp.noPaper')}
            />
          </Form.Item>
          <Row gutter={12}>
            <ExamWindowFields compact endInFuture />
            <Col xs={24} sm={12}>
              <Form.Item
                name="name"
                label={t('exam.makeUp.name')}
                extra={t('exam.makeUp.nameHelp')}
              >
                <Input maxLength={EXAM_NAME_MAX} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </Modal>
  );
}
