import { DeleteOutlined } from '@ant-design/icons';
import { SKILL_STATIONS_MAX } from '@kaoshi/shared';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  type FormListFieldData,
  type SelectProps,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

const TIME = 'YYYY-MM-DD HH:mm';

interface SessionCardProps {
  field: FormListFieldData;
  index: number;
  /** Examiners per candidate: each station takes exactly this many. */
  perCandidate: number;
  stations: number;
  staff: { options: SelectProps['options']; loading: boolean; onSearch: (text: string) => void };
  onRemove?: () => void;
}

/** One session of an assessment: its time, place, stations and each station's examiners. */
export function AssessmentSessionCard({
  field,
  index,
  perCandidate,
  stations,
  staff,
  onRemove,
}: SessionCardProps) {
  const { t } = useTranslation();
  const count = Math.min(Math.max(Number(stations) || 0, 0), SKILL_STATIONS_MAX);
  return (
    <Card
      size="small"
      title={t('skills.assessment.session.title', { index: index + 1 })}
      data-testid={`assessment-session-${index + 1}`}
      extra={
        onRemove && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('skills.assessment.session.remove', { index: index + 1 })}
            onClick={onRemove}
          />
        )
      }
    >
      <Row gutter={16}>
        <Col xs={12} lg={6}>
          <Form.Item
            name={[field.name, 'startsAt']}
            label={t('skills.assessment.session.startsAt')}
            rules={[{ required: true, message: t('skills.assessment.session.startsAtRequired') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={TIME} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} lg={6}>
          <Form.Item
            name={[field.name, 'endsAt']}
            label={t('skills.assessment.session.endsAt')}
            dependencies={[['sessions', field.name, 'startsAt']]}
            rules={[
              { required: true, message: t('skills.assessment.session.endsAtRequired') },
              ({ getFieldValue }) => ({
                validator: (_, end: Dayjs | undefined) => {
                  const start = getFieldValue(['sessions', field.name, 'startsAt']) as
                    Dayjs | undefined;
                  return !start || !end || end.isAfter(start)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('skills.assessment.session.endAfterStart')));
                },
              }),
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={TIME} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={16} lg={8}>
          <Form.Item
            name={[field.name, 'place']}
            label={t('skills.assessment.session.place')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('skills.assessment.session.placeRequired'),
              },
            ]}
          >
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={8} lg={4}>
          <Form.Item
            name={[field.name, 'stations']}
            label={t('skills.assessment.session.stations')}
            rules={[{ required: true, message: t('skills.assessment.session.stationsRequired') }]}
          >
            <InputNumber min={1} max={SKILL_STATIONS_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {Array.from({ length: count }, (_, station) => (
          <Col xs={24} md={12} xl={8} key={station}>
            <Form.Item
              name={[field.name, 'examiners', station]}
              label={t('skills.assessment.session.station', { station: station + 1 })}
              rules={[
                {
                  validator: (_, value: number[] | undefined) =>
                    (value?.length ?? 0) === perCandidate
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error(
                            t('skills.assessment.session.examinersCount', { count: perCandidate }),
                          ),
                        ),
                },
              ]}
            >
              <Select
                mode="multiple"
                maxCount={perCandidate}
                showSearch
                optionFilterProp="label"
                options={staff.options}
                loading={staff.loading}
                onSearch={staff.onSearch}
                placeholder={t('skills.assessment.session.examinersPlaceholder', {
                  count: perCandidate,
                })}
                aria-label={t('skills.assessment.session.station', { station: station + 1 })}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
