import {
  EXAM_ACCESS_CODE_MAX,
  EXAM_LEAVE_LIMIT_MAX,
  MULTIPLE_SCORINGS,
  SHOW_RESULTS,
  TAKEOVERS,
  type ExamPublishOptions,
  type MultipleScoring,
} from '@kaoshi/shared';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExamSchemeField } from '../../components/certification/ExamSchemeField';
import { ipProblem, type ExamFormField } from './exam-form';

interface ExamPolicyStepProps {
  notices: ExamPublishOptions['instructions'];
  /** The chosen paper's job type and level: the schemes offered are theirs. */
  paper: { subjectId: number; level: number } | undefined;
  scoring: MultipleScoring;
  locked: (field: ExamFormField) => boolean;
}

/** The notice shown before the exam and how the exam is sat, scored, shown and guarded. */
export function ExamPolicyStep({ notices, paper, scoring, locked }: ExamPolicyStepProps) {
  const { t } = useTranslation();

  const switchItem = (
    name:
      | 'shuffleQuestions'
      | 'shuffleOptions'
      | 'fullscreen'
      | 'allowReview'
      | 'applyAccommodations'
      | 'requireCheckIn'
      | 'holdUntilRoomStart',
    help?: string,
  ) => (
    <Col xs={24} sm={12} lg={8}>
      <Form.Item name={name} label={t(`exam.fields.${name}`)} extra={help}>
        <Switch
          disabled={locked(name)}
          checkedChildren={t('common.yes')}
          unCheckedChildren={t('common.no')}
        />
      </Form.Item>
    </Col>
  );

  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item
          name="instructionId"
          label={t('exam.fields.instruction')}
          extra={t('exam.edit.instructionHelp')}
        >
          <Select
            allowClear
            aria-label={t('exam.fields.instruction')}
            disabled={locked('instructionId')}
            placeholder={t('exam.edit.noInstruction')}
            options={notices.map((notice) => ({ value: notice.id, label: notice.title }))}
          />
        </Form.Item>
      </Col>
      <ExamSchemeField paper={paper} disabled={locked('schemeId')} />
      {switchItem('shuffleQuestions', t('exam.edit.shuffleQuestionsHelp'))}
      {switchItem('shuffleOptions', t('exam.edit.shuffleOptionsHelp'))}
      {switchItem('fullscreen')}
      {switchItem('applyAccommodations', t('exam.edit.applyAccommodationsHelp'))}
      {switchItem('requireCheckIn', t('exam.edit.requireCheckInHelp'))}
      {switchItem('holdUntilRoomStart', t('exam.edit.holdUntilRoomStartHelp'))}
      <Col xs={24} lg={12}>
        <Form.Item name="multipleScoring" label={t('exam.fields.multipleScoring')}>
          <Radio.Group
            disabled={locked('multipleScoring')}
            options={MULTIPLE_SCORINGS.map((value) => ({
              value,
              label: t(`exam.scoring.${value}`),
            }))}
          />
        </Form.Item>
        {scoring === 'partial' && (
          <Form.Item
            name="partialPercent"
            label={t('exam.fields.partialShare')}
            rules={[{ required: true, message: t('exam.rules.partialShare') }]}
            extra={t('exam.edit.partialHelp')}
          >
            <InputNumber
              min={1}
              max={99}
              precision={0}
              suffix="%"
              style={{ width: 160 }}
              disabled={locked('partialPercent')}
            />
          </Form.Item>
        )}
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="showResult" label={t('exam.fields.showResult')}>
          <Radio.Group disabled={locked('showResult')}>
            <Space orientation="vertical">
              {SHOW_RESULTS.map((value) => (
                <Radio key={value} value={value}>
                  {t(`exam.showResult.${value}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Col>
      {switchItem('allowReview', t('exam.edit.allowReviewHelp'))}
      <Col xs={24} sm={12} lg={8}>
        <Form.Item
          name="leaveLimit"
          label={t('exam.fields.leaveLimit')}
          extra={t('exam.edit.leaveLimitHelp')}
        >
          <InputNumber
            min={0}
            max={EXAM_LEAVE_LIMIT_MAX}
            precision={0}
            style={{ width: '100%' }}
            disabled={locked('leaveLimit')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name="takeover" label={t('exam.fields.takeover')}>
          <Radio.Group disabled={locked('takeover')}>
            <Space orientation="vertical">
              {TAKEOVERS.map((value) => (
                <Radio key={value} value={value}>
                  {t(`exam.takeover.${value}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="ipAllowList"
          label={t('exam.fields.ipAllowList')}
          extra={t('exam.edit.ipHelp')}
          rules={[
            {
              validator: async (_rule, value: string) => {
                const found = ipProblem(value);
                if (found?.kind === 'invalid') {
                  throw new Error(t('exam.rules.ipInvalid', { line: found.line }));
                }
                if (found?.kind === 'tooMany') {
                  throw new Error(t('exam.rules.ipTooMany', { max: found.max }));
                }
              },
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('exam.edit.ipPlaceholder')}
            disabled={locked('ipAllowList')}
            spellCheck={false}
          />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="accessCode"
          label={t('exam.fields.accessCode')}
          extra={t('exam.edit.accessCodeHelp')}
        >
          <Input
            maxLength={EXAM_ACCESS_CODE_MAX}
            disabled={locked('accessCode')}
            autoComplete="off"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
