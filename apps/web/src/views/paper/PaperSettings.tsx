import {
  PAPER_DESCRIPTION_MAX,
  PAPER_DURATION_MAX,
  PAPER_MODES,
  PAPER_NAME_MAX,
  PAPER_TOTAL_MAX,
  type CertLevel,
  type PaperMode,
} from '@kaoshi/shared';
import { Col, Flex, Form, Input, InputNumber, Row, Segmented, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LevelSelect } from '../../components/structure';
import { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';

interface PaperSettingsProps {
  subjectId?: number;
  /** The levels the chosen job type has. */
  levels?: CertLevel[];
  mode: PaperMode;
  perCandidate: boolean;
  onModeChange: () => void;
}

/**
 * The paper's own fields inside the builder's form: name, job type and level, pass score,
 * duration, description, how it is filled (mode) and whether each candidate draws their own.
 */
export function PaperSettings({
  subjectId,
  levels,
  mode,
  perCandidate,
  onModeChange,
}: PaperSettingsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="name"
            label={t('paper.fields.name')}
            rules={[{ required: true, whitespace: true, message: t('paper.edit.nameRequired') }]}
          >
            <Input maxLength={PAPER_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="subjectId"
            label={t('school.select.jobType')}
            rules={[{ required: true, message: t('paper.edit.jobTypeRequired') }]}
          >
            <AnyJobTypeSelect />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="level"
            label={t('paper.fields.level')}
            rules={[{ required: true, message: t('paper.edit.levelRequired') }]}
          >
            <LevelSelect
              levels={levels}
              waitingFor={subjectId === undefined ? t('school.select.jobTypeFirst') : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8} lg={4}>
          <Form.Item
            name="passScore"
            label={t('paper.fields.passScore')}
            rules={[{ required: true, message: t('paper.edit.passRequired') }]}
          >
            <InputNumber min={0} max={PAPER_TOTAL_MAX} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8} lg={4}>
          <Form.Item
            name="durationMinutes"
            label={t('paper.fields.durationMinutes')}
            rules={[{ required: true, message: t('paper.edit.durationRequired') }]}
          >
            <InputNumber min={1} max={PAPER_DURATION_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8} lg={16}>
          <Form.Item name="description" label={t('paper.fields.description')}>
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={PAPER_DESCRIPTION_MAX}
            />
          </Form.Item>
        </Col>
      </Row>
      <Flex wrap gap={16} align="center">
        <Form.Item name="mode" label={t('paper.fields.mode')} style={{ marginBottom: 8 }}>
          <Segmented
            options={PAPER_MODES.map((value) => ({ value, label: t(`paper.modes.${value}`) }))}
            onChange={onModeChange}
          />
        </Form.Item>
        {mode === 'rules' && (
          <Flex gap={8} align="center">
            <Form.Item name="drawPerCandidate" valuePropName="checked" noStyle>
              <Switch id="paper-per-candidate" />
            </Form.Item>
            <label htmlFor="paper-per-candidate">{t('paper.fields.drawPerCandidate')}</label>
          </Flex>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {perCandidate ? t('paper.modeHelp.perCandidate') : t(`paper.modeHelp.${mode}`)}
      </Typography.Paragraph>
    </>
  );
}
