import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGE_LIMIT_MAX, type ExamListItem } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Calendar, Empty, Flex, Grid, List, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listExams, type ExamQuery } from '../../api/exam';
import { examKeys } from '../../components/exam/exam-routes';
import { ExamStateTag } from '../../components/exam/ExamStateTag';
import { localWindow } from '../../components/exam/exam-format';

/** How many exams a day's cell lists before it says how many more there are. */
const CELL_MAX = 3;

export type ExamFilters = Omit<ExamQuery, 'page' | 'limit' | 'from' | 'to'>;

interface ExamCalendarProps {
  /** The list's search, applied to the calendar too. */
  filters: ExamFilters;
  onOpen: (exam: ExamListItem) => void;
}

/**
 * The exams of a month on their days (an exam whose window spans days shows on each). A desktop
 * lists them in the days' cells; a phone marks the days and lists the chosen day's below.
 */
export function ExamCalendar({ filters, onOpen }: ExamCalendarProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const full = screens.md ?? false;
  const [selected, setSelected] = useState<Dayjs>(() => dayjs());
  const month = selected.startOf('month');
  // The grid shows up to a week before the month and two after it.
  const from = month.subtract(7, 'day');
  const to = month.add(1, 'month').add(14, 'day');
  const exams = useQuery({
    queryKey: [...examKeys.calendar, filters, from.toISOString()],
    queryFn: () =>
      listExams({
        ...filters,
        from: from.toISOString(),
        to: to.toISOString(),
        page: 1,
        limit: PAGE_LIMIT_MAX,
      }),
    placeholderData: keepPreviousData,
  });
  const list = exams.data?.list ?? [];

  const onDay = (day: Dayjs) => {
    const start = day.startOf('day');
    const end = start.add(1, 'day');
    return list
      .filter((exam) => dayjs(exam.startAt).isBefore(end) && dayjs(exam.endAt).isAfter(start))
      .sort((a, b) => a.startAt.localeCompare(b.startAt));
  };

  const item = (exam: ExamListItem, day: Dayjs) => {
    const starts = dayjs(exam.startAt);
    const time = starts.isSame(day, 'day') ? starts.format('HH:mm') : '…';
    return (
      <button
        type="button"
        key={exam.id}
        className={`exam-calendar-item state-${exam.state}`}
        data-exam-id={exam.id}
        title={`${exam.name} (${localWindow(exam.startAt, exam.endAt)})`}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(exam);
        }}
      >
        <span className="exam-calendar-time">{time}</span> {exam.name}
      </button>
    );
  };

  const cell = (day: Dayjs) => {
    const found = onDay(day);
    if (found.length === 0) return null;
    if (!full) {
      return (
        <span
          className="exam-calendar-dot"
          aria-label={t('exam.calendar.count', { count: found.length })}
        />
      );
    }
    return (
      <Flex vertical gap={2} className="exam-calendar-day">
        {found.slice(0, CELL_MAX).map((exam) => item(exam, day))}
        {found.length > CELL_MAX && (
          <Typography.Text type="secondary" className="exam-calendar-more">
            {t('exam.calendar.more', { count: found.length - CELL_MAX })}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  const chosen = onDay(selected);

  return (
    <Flex vertical gap={12} className="exam-calendar">
      {exams.data && exams.data.total > list.length && (
        <Alert type="info" showIcon title={t('exam.calendar.tooMany', { count: list.length })} />
      )}
      <Spin spinning={exams.isFetching}>
        <Calendar
          fullscreen={full}
          value={selected}
          onChange={setSelected}
          headerRender={({ value, onChange }) => (
            <Flex align="center" justify="space-between" gap={8} className="exam-calendar-header">
              <Button
                icon={<LeftOutlined />}
                aria-label={t('exam.calendar.previous')}
                onClick={() => onChange(value.subtract(1, 'month'))}
              />
              <Typography.Text strong className="exam-calendar-month">
                {value.format(t('exam.calendar.monthFormat'))}
              </Typography.Text>
              <Flex gap={8}>
                <Button onClick={() => onChange(dayjs())}>{t('exam.calendar.today')}</Button>
                <Button
                  icon={<RightOutlined />}
                  aria-label={t('exam.calendar.next')}
                  onClick={() => onChange(value.add(1, 'month'))}
                />
              </Flex>
            </Flex>
          )}
          cellRender={(date, info) => (info.type === 'date' ? cell(date) : info.originNode)}
        />
      </Spin>
      {!full && (
        <List
          className="exam-calendar-list"
          header={<Typography.Text strong>{selected.format('YYYY-MM-DD')}</Typography.Text>}
          dataSource={chosen}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('exam.calendar.none')} />
            ),
          }}
          renderItem={(exam) => (
            <List.Item
              key={exam.id}
              className="exam-calendar-list-item"
              extra={<ExamStateTag state={exam.state} />}
            >
              <List.Item.Meta
                title={
                  <Button
                    type="link"
                    className="exam-calendar-list-name"
                    onClick={() => onOpen(exam)}
                  >
                    {exam.name}
                  </Button>
                }
                description={localWindow(exam.startAt, exam.endAt)}
              />
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
