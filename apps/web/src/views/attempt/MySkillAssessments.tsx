import type { MySkillAssessmentView } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listMyAssessments } from '../../api/skill-assessment';
import { localTime, localWindow } from '../../components/attempt/my-exams-time';
import { useLevelLabel } from '../../components/structure';

/**
 * The student's seats in published skills assessments (admission notices). A refusal or none:
 * nothing is shown, the theory exams stay the page.
 */
export const useMySkillAssessments = () =>
  useQuery({
    queryKey: ['skillAssessment', 'mine'],
    queryFn: () => listMyAssessments({ quiet: true }),
  });

/** The "技能考核" section of My exams: when, where, at which station, with which ticket. */
export function MySkillAssessments({ notices }: { notices: MySkillAssessmentView[] }) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  if (notices.length === 0) return null;
  return (
    <section className="my-exams-section section-skills" aria-labelledby="my-exams-skills">
      <Typography.Title level={2} id="my-exams-skills" className="my-exams-section-title">
        {t('myExams.skills.title')}
        <span className="my-exams-count">{notices.length}</span>
      </Typography.Title>
      <div className="my-exams-list">
        {notices.map((notice) => {
          const facts = [
            {
              key: 'session',
              label: t('myExams.skills.session'),
              value: localWindow(notice.sessionStartsAt, notice.sessionEndsAt),
            },
            {
              key: 'turn',
              label: t('myExams.skills.turnStart'),
              value: localTime(notice.turnStartsAt),
            },
            { key: 'place', label: t('myExams.skills.place'), value: notice.place },
            {
              key: 'station',
              label: t('myExams.skills.station'),
              value: t('myExams.skills.stationNumber', { station: notice.station }),
            },
            { key: 'ticket', label: t('myExams.skills.ticket'), value: notice.ticketNumber },
            {
              key: 'duration',
              label: t('myExams.facts.duration'),
              value: t('myExams.facts.minutes', { count: notice.timeLimitMinutes }),
            },
          ];
          return (
            <article
              key={notice.assessmentId}
              className="my-exam-card my-skill-card state-upcoming"
              data-assessment-id={notice.assessmentId}
              aria-labelledby={`my-skill-${notice.assessmentId}`}
            >
              <div className="my-exam-main">
                <Typography.Title
                  level={3}
                  id={`my-skill-${notice.assessmentId}`}
                  className="my-exam-name"
                >
                  {notice.name}
                </Typography.Title>
                <Typography.Text type="secondary" className="my-exam-job">
                  {notice.subjectName} · {levelLabel(notice.level)}
                </Typography.Text>
                <dl className="my-exam-facts">
                  {facts.map((fact) => (
                    <div key={fact.key} className={`my-exam-fact fact-${fact.key}`}>
                      <dt>{fact.label}</dt>
                      <dd>{fact.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}
