import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getAdmissionTickets } from '../../api/exam';
import { AdmissionTicketCard } from './AdmissionTicketCard';
import { EXAM_LIST_PATH, examKeys } from '../../components/exam/exam-routes';
import '../../styles/print-view.css';
import './AdmissionTicket.css';

/** Tickets on one A4 sheet. */
const PER_PAGE = 2;

/**
 * The admission tickets of an exam (?examId=N), of one batch (&classId=M) or all, two to an A4
 * sheet in seat order. The browser prints what is shown; the app's frame and the toolbar are left
 * out of the print (AdmissionTicket.css).
 */
export default function AdmissionTicketPrint() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  const classId = Number(params.get('classId')) || undefined;
  const known = Number.isInteger(examId) && examId > 0;
  const tickets = useQuery({
    queryKey: [...examKeys.all, 'tickets', examId, classId ?? null],
    queryFn: () => getAdmissionTickets(examId, classId),
    enabled: known,
  });

  if (!known || tickets.isError) {
    return (
      <Result
        status="warning"
        title={known ? t('exam.ticket.loadFailed') : t('exam.detail.noExam')}
        subTitle={tickets.error?.message}
        extra={<Link to={EXAM_LIST_PATH}>{t('exam.backToList')}</Link>}
      />
    );
  }

  const data = tickets.data;
  const pages = [];
  for (let i = 0; i < (data?.tickets.length ?? 0); i += PER_PAGE) {
    pages.push(data!.tickets.slice(i, i + PER_PAGE));
  }

  return (
    <div className="ticket-print print-view">
      <Flex
        className="ticket-print-toolbar print-view-toolbar"
        wrap
        gap={8}
        align="center"
        justify="space-between"
      >
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong>{data?.examName}</Typography.Text>
          {data && (
            <Typography.Text type="secondary" className="ticket-print-count">
              {t('exam.ticket.count', { count: data.tickets.length, pages: pages.length })}
            </Typography.Text>
          )}
        </Flex>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!data || data.tickets.length === 0}
          onClick={() => window.print()}
        >
          {t('exam.ticket.print')}
        </Button>
        <Typography.Text type="secondary" className="ticket-print-hint">
          {t('exam.ticket.hint')}
        </Typography.Text>
      </Flex>
      {!data ? (
        <div className="ticket-page">
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      ) : data.tickets.length === 0 ? (
        <Result status="info" title={t('exam.ticket.none')} />
      ) : (
        pages.map((page, index) => (
          <section key={index} className="ticket-page" data-page={index + 1}>
            {page.map((ticket, n) => (
              <Fragment key={ticket.studentId}>
                {n > 0 && <div className="ticket-cut" aria-hidden />}
                <AdmissionTicketCard exam={data} ticket={ticket} />
              </Fragment>
            ))}
          </section>
        ))
      )}
    </div>
  );
}
