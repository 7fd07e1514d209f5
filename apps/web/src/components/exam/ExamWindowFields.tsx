import { EXAM_DURATION_MAX, EXAM_WINDOW_MAX_DAYS } from '@kaoshi/shared';
import { Col, Form, InputNumber, type ColProps, type FormRule } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../DateTimePicker';
import { windowProblems, type ExamWindowValues } from './exam-window';
import { useWindowProblemText } from './use-window-problem-text';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export type ExamWindowField = keyof ExamWindowValues;

interface ExamWindowFieldsProps {
  /** Two fields a line, as a dialog has room for; else the times two and the minutes three a line. */
  compact?: boolean;
  /** Late entry and the shortest time before handing in: the exam form's, not a make-up's. */
  withEntryLimits?: boolean;
  disabled?: (field: ExamWindowField) => boolean;
  /** An open exam's saved closing time: it may only close later. */
  savedEnd?: string;
  /** A make-up's closing time must still be ahead. */
  endInFuture?: boolean;
  endExtra?: ReactNode;
  durationExtra?: ReactNode;
}

/**
 * An exam's window: opening and closing time and duration (and, on the exam form, late entry and
 * the shortest time before handing in), as columns of the caller's Row inside its Form. The rules
 * the server checks on every save show under the field they are about.
 */
export function ExamWindowFields({
  compact = false,
  withEntryLimits = false,
  disabled = () => false,
  savedEnd,
  endInFuture = false,
  endExtra,
  durationExtra,
}: ExamWindowFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ExamWindowValues>();
  const windowText = useWindowProblemText();
  const timeCol: ColProps = compact ? { xs: 24, sm: 12 } : { xs: 24, md: 12 };
  const minutesCol: ColProps = compact ? { xs: 24, sm: 12 } : { xs: 24, md: 8 };
  const minutes = t('exam.fields.minutesUnit');

  /** A window rule, checked on the field it is about whenever a field it reads changes. */
  const windowRule = (field: ExamWindowField): FormRule => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as ExamWindowValues;
      const found = windowProblems(values, savedEnd).find((p) => p.field === field);
      if (found) throw new Error(windowText(found));
      if (endInFuture && field === 'endAt' && values.endAt && !values.endAt.isAfter(dayjs())) {
        throw new Error(t('exam.makeUp.endInPast'));
      }
    },
  });

  return (
    <>
      <Col {...timeCol}>
        <Form.Item
          name="startAt"
          label={t('exam.fields.startAt')}
          rules={[{ required: true, message: t('exam.rules.startAt') }]}
        >
          <DateTimePicker
            format={TIME_FORMAT}
            style={{ width: '100%' }}
            disabled={disabled('startAt')}
          />
        </Form.Item>
      </Col>
      <Col {...timeCol}>
        <Form.Item
          name="endAt"
          label={t('exam.fields.endAt')}
          dependencies={['startAt']}
          rules={[{ required: true, message: t('exam.rules.endAt') }, windowRule('endAt')]}
          extra={endExtra}
        >
          <DateTimePicker
            format={TIME_FORMAT}
            style={{ width: '100%' }}
            disabled={disabled('endAt')}
          />
        </Form.Item>
      </Col>
      <Col {...minutesCol}>
        <Form.Item
          name="durationMinutes"
          label={t('exam.fields.durationMinutes')}
          dependencies={['startAt', 'endAt']}
          rules={[
            { required: true, message: t('exam.rules.duration') },
            windowRule('durationMinutes'),
          ]}
          extra={durationExtra}
        >
          <InputNumber
            min={1}
            max={EXAM_DURATION_MAX}
            precision={0}
            suffix={minutes}
            style={{ width: '100%' }}
            disabled={disabled('durationMinutes')}
          />
        </Form.Item>
      </Col>
      {withEntryLimits && (
        <>
          <Col {...minutesCol}>
            <Form.Item
              name="lateEntryMinutes"
              label={t('exam.fields.lateEntryMinutes')}
              dependencies={['startAt', 'endAt']}
              rules={[windowRule('lateEntryMinutes')]}
              extra={t('exam.edit.lateEntryHelp')}
            >
              <InputNumber
                min={0}
                max={EXAM_WINDOW_MAX_DAYS * 24 * 60}
                precision={0}
                suffix={minutes}
                style={{ width: '100%' }}
                disabled={disabled('lateEntryMinutes')}
              />
            </Form.Item>
          </Col>
          <Col {...minutesCol}>
            <Form.Item
              name="minSubmitMinutes"
              label={t('exam.fields.minSubmitMinutes')}
              dependencies={['durationMinutes']}
              rules={[windowRule('minSubmitMinutes')]}
              extra={t('exam.edit.minSubmitHelp')}
            >
              <InputNumber
                min={0}
                max={EXAM_DURATION_MAX}
                precision={0}
                suffix={minutes}
                style={{ width: '100%' }}
                disabled={disabled('minSubmitMinutes')}
              />
            </Form.Item>
          </Col>
        </>
      )}
    </>
  );
}
