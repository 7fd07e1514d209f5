import { ApiStatus, type MyExamView } from '@kaoshi/shared';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Result, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { listMyExams } from '../../api/attempt';
import { ApiError } from '../../api/request';
import { MyExamCard } from './MyExamCard';
import { MySkillAssessments, useMySkillAssessments } from './MySkillAssessments';
import { StartExamDialog } from './StartExamDialog';
import { useServerNow } from '../../components/attempt/my-exams-clock';
import {
  asSentence,
  clockOffset,
  groupExams,
  nextChange,
} from '../../components/attempt/my-exams-time';
import './my-exams.css';

const PATH = '/exam-student/examStudentTest';
/** The exam page (another view of this folder) opens an attempt by its id. */
const examPagePath = (attemptId: number) => `/socketA?attemptId=${attemptId}`;
/** setTimeout's longest wait; a later change is waited for again from there. */
const LONGEST_WAIT_MS = 24 * 3600 * 1000;
/** Asks for the list a moment after an instant, so that the server has surely passed it. */
const AFTER_CHANGE_MS = 300;

/** The list with the offset between this browser's clock and the server's when it arrived. */
async function fetchMyExams() {
  const sentAt = Date.now();
  // The page shows a refusal in place (an account that is no candidate): no toast beside it.
  const view = await listMyExams({ quiet: true });
  return { ...view, offset: clockOffset(view.serverNow, sentAt, Date.now()) };
}

/**
 * A student's exams (/exam-student/examStudentTest): open now (Start or Continue), upcoming with
 * a countdown to the server's opening time, finished with how they ended and the result as the
 * exam's policy allows. The list is fetched again when an exam opens or closes, without a reload.
 */
export default function MyExams() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The page stays mounted, hidden, while the exam page is shown (cached tabs).
  const active = pathname === PATH;
  const query = useQuery({ queryKey: ['attempt', 'myExams'], queryFn: fetchMyExams });
  const skills = useMySkillAssessments();
  const notices = skills.data ?? [];
  const { data, refetch } = query;
  const now = useServerNow(data?.offset ?? 0, active);
  const [starting, setStarting] = useState<{ exam: MyExamView; open: boolean; key: number }>();

  // Back from the exam page (or another tab): what changed meanwhile.
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) void refetch();
    wasActive.current = active;
  }, [active, refetch]);

  // An exam opens or closes, an attempt reaches its deadline: ask the server again then.
  const change = data ? nextChange(data.exams, data.serverNow) : null;
  useEffect(() => {
    if (change === null || !data) return;
    const wait = change - (Date.now() + data.offset) + AFTER_CHANGE_MS;
    const timer = setTimeout(() => void refetch(), Math.min(Math.max(wait, 0), LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [change, data, refetch]);

  const openExamPage = (attemptId: number) => {
    setStarting((current) => current && { ...current, open: false });
    navigate(examPagePath(attemptId));
  };

  if (query.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (query.isError) {
    const error = query.error;
    // An account that is no candidate (not a student's): trying again changes nothing.
    const notCandidate = error instanceof ApiError && error.status === ApiStatus.FORBIDDEN;
    return (
      <Card>
        <Result
          status={notCandidate ? 'info' : 'warning'}
          className="my-exams-problem"
          title={t(notCandidate ? 'myExams.notCandidate' : 'myExams.loadFailed')}
          subTitle={error instanceof ApiError ? asSentence(error.message) : undefined}
          extra={
            notCandidate ? undefined : (
              <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
                {t('myExams.reload')}
              </Button>
            )
          }
        />
      </Card>
    );
  }

  const groups = groupExams(query.data.exams, now);
  const sections = (['open', 'upcoming', 'finished'] as const).filter(
    (name) => groups[name].length > 0,
  );

  return (
    <div className="my-exams">
      <header className="my-exams-header">
        <Typography.Title level={1} className="my-exams-title">
          {t('myExams.title')}
        </Typography.Title>
        <Typography.Text
          type="secondary"
          className="my-exams-clock"
          title={t('myExams.serverTimeHelp')}
        >
          {t('myExams.serverTime', { time: dayjs(now).format('HH:mm:ss') })}
        </Typography.Text>
      </header>
      {sections.length === 0 && notices.length === 0 && (
        <Card>
          <Empty
            description={
              <>
                <Typography.Text strong>{t('myExams.empty')}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t('myExams.emptyHelp')}</Typography.Text>
              </>
            }
          />
        </Card>
      )}
      {sections.map((name) => (
        <section
          key={name}
          className={`my-exams-section section-${name}`}
          aria-labelledby={`my-exams-${name}`}
        >
          <Typography.Title level={2} id={`my-exams-${name}`} className="my-exams-section-title">
            {t(`myExams.sections.${name}`)}
            <span className="my-exams-count">{groups[name].length}</span>
          </Typography.Title>
          <div className="my-exams-list">
            {groups[name].map((exam) => (
              <MyExamCard
                key={exam.examId}
                exam={exam}
                now={now}
                onStart={(chosen) =>
                  setStarting((current) => ({
                    exam: chosen,
                    open: true,
                    key: (current?.key ?? 0) + 1,
                  }))
                }
                onContinue={openExamPage}
              />
            ))}
          </div>
        </section>
      ))}
      <MySkillAssessments notices={notices} />
      {starting && (
        <StartExamDialog
          key={starting.key}
          open={starting.open}
          exam={starting.exam}
          now={now}
          onClose={() => setStarting((current) => current && { ...current, open: false })}
          afterClose={() => setStarting((current) => (current?.open ? current : undefined))}
          // What the server refused on may have changed the list (the window closed meanwhile).
          onRefused={() => void refetch()}
          onStarted={(attemptId) => {
            void refetch();
            openExamPage(attemptId);
          }}
        />
      )}
    </div>
  );
}
