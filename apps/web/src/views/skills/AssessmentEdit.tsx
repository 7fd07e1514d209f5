import { ArrowLeftOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Perm, SKILL_SESSIONS_MAX, type CertLevel, type SkillAssessmentView } from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listSchemes } from '../../api/certification';
import { ApiError } from '../../api/request';
import { addAssessment, getAssessment, updateAssessment } from '../../api/skill-assessment';
import { listSheets } from '../../api/skills';
import { EditById } from '../../components/form/EditById';
import { LevelSelect, useLevelLabel } from '../../components/structure';
import { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';
import { useAllJobTypes, useBatchOptions } from '../../components/structure/queries';
import { blamedField, reportSaveError } from '../../utils/server-error';
import {
  ASSESSMENT_FIELDS,
  EMPTY_ASSESSMENT,
  EMPTY_SESSION,
  bodyOfForm,
  formOfAssessment,
  peopleOf,
  type AssessmentFormValues,
} from './assessment-form';
import {
  ASSESSMENT_EDIT_PATH,
  ASSESSMENT_LIST_PATH,
  STATUS_COLORS,
  assessmentKeys,
} from './assessment-routes';
import { AssessmentSessionCard } from './AssessmentSessionCard';
import { useStaffOptions } from './use-staff-options';

/** The assessment editor (?id=N edits draft N; no id starts a new one). */
export default function AssessmentEdit() {
  return (
    <EditById queryKey={assessmentKeys.one} fetch={getAssessment}>
      {(id, saved) => <AssessmentEditor key={id ?? 'new'} id={id} saved={saved} />}
    </EditById>
  );
}

function AssessmentEditor({ id, saved }: { id?: number; saved?: SkillAssessmentView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const [form] = Form.useForm<AssessmentFormValues>();
  const [initial] = useState(() => (saved ? formOfAssessment(saved) : EMPTY_ASSESSMENT));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const subjectId = Form.useWatch('subjectId', form) ?? initial.subjectId;
  const level = (Form.useWatch('level', form) ?? initial.level) as CertLevel | undefined;
  const perCandidate =
    Form.useWatch('examinersPerCandidate', form) ?? initial.examinersPerCandidate;
  const sessions = (Form.useWatch('sessions', form) ?? initial.sessions) as
    AssessmentFormValues['sessions'] | undefined;
  const jobTypes = useAllJobTypes();
  const levels = jobTypes.data?.find((jobType) => jobType.id === subjectId)?.levels;
  const placed = subjectId !== undefined && level !== undefined;
  const examiners = useStaffOptions(Perm.SKILLS_SCORE, peopleOf(saved));
  const checkers = useStaffOptions(Perm.SKILLS_CHECK, peopleOf(saved));
  const sheets = useQuery({
    queryKey: ['skillSheet', 'list', 'options', subjectId, level],
    queryFn: () => listSheets({ page: 1, limit: 500, subjectId, level }),
    enabled: placed,
  });
  const schemes = useQuery({
    queryKey: ['certScheme', 'options', subjectId, level],
    queryFn: () => listSchemes({ page: 1, limit: 500, subjectId, level }),
    enabled: placed,
  });
  const batches = useBatchOptions(subjectId, level);
  const readOnly = saved !== undefined && saved.status !== 'draft';
  const waiting = placed ? undefined : t('skills.assessment.edit.placeFirst');

  const report = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    // Sessions, stations and examiners are named in the message itself.
    if (blamedField(error, ['sessions'] as const)) setProblem(error.message);
    else reportSaveError(error, form, ASSESSMENT_FIELDS);
  };

  const save = async () => {
    setProblem(undefined);
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    const body = bodyOfForm({ ...form.getFieldsValue(true), ...values });
    try {
      if (id === undefined) {
        const created = await addAssessment(body, { quiet: true });
        message.success(t('skills.assessment.edit.added'));
        void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
        navigate(`${ASSESSMENT_EDIT_PATH}?id=${created.id}`, { replace: true });
      } else {
        await updateAssessment(id, body, { quiet: true });
        message.success(t('common.saved'));
        void queryClient.invalidateQueries({ queryKey: assessmentKeys.list });
      }
    } catch (error) {
      report(error);
    } finally {
      setSaving(false);
    }
  };

  const personSelect = (
    <Select
      showSearch
      optionFilterProp="label"
      options={checkers.options}
      loading={checkers.loading}
      onSearch={checkers.onSearch}
    />
  );

  return (
    <Flex vertical gap={16}>
      <Form<AssessmentFormValues>
        form={form}
        name="assessmentForm"
        layout="vertical"
        initialValues={initial}
        disabled={readOnly}
        onValuesChange={(changed: Partial<AssessmentFormValues>) => {
          if ('subjectId' in changed) {
            const jobType = jobTypes.data?.find((j) => j.id === changed.subjectId);
            form.setFieldsValue({
              level: jobType?.levels.length === 1 ? jobType.levels[0] : undefined,
              sheetId: undefined,
              schemeId: undefined,
              classIds: [],
            });
          } else if ('level' in changed) {
            form.setFieldsValue({ sheetId: undefined, schemeId: undefined, classIds: [] });
          }
        }}
      >
        <Card size={screens.sm ? undefined : 'small'}>
          <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 16 }}>
            <Flex gap={8} align="center" wrap>
              <Button
                icon={<ArrowLeftOutlined />}
                disabled={false}
                onClick={() => navigate(ASSESSMENT_LIST_PATH)}
              >
                {t('skills.assessment.edit.back')}
              </Button>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {id === undefined
                  ? t('skills.assessment.edit.newTitle')
                  : t('skills.assessment.edit.title', { id })}
              </Typography.Title>
              {saved && (
                <Tag color={STATUS_COLORS[saved.status]}>
                  {t(`skills.assessment.status.${saved.status}`)}
                </Tag>
              )}
            </Flex>
            {!readOnly && (
              <Button
                type="primary"
                icon={<SaveOutlined />}
                loading={saving}
                onClick={() => void save()}
              >
                {t('skills.assessment.edit.save')}
              </Button>
            )}
          </Flex>
          {readOnly && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('skills.assessment.edit.notDraft')}
            />
          )}
          {saved && (
            <Typography.Paragraph type="secondary" data-testid="assessment-capacity">
              {t('skills.assessment.edit.capacity', {
                students: saved.studentCount,
                capacity: saved.capacity,
              })}
            </Typography.Paragraph>
          )}
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item
                name="name"
                label={t('skills.assessment.fields.name')}
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: t('skills.assessment.edit.nameRequired'),
                  },
                ]}
              >
                <Input maxLength={255} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="subjectId"
                label={t('school.select.jobType')}
                rules={[{ required: true, message: t('skills.sheet.edit.jobTypeRequired') }]}
              >
                <AnyJobTypeSelect disabled={readOnly} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="level"
                label={t('skills.sheet.fields.level')}
                rules={[{ required: true, message: t('skills.sheet.edit.levelRequired') }]}
              >
                <LevelSelect
                  disabled={readOnly}
                  levels={levels}
                  waitingFor={subjectId === undefined ? t('school.select.jobTypeFirst') : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                name="sheetId"
                label={t('skills.assessment.fields.sheet')}
                rules={[{ required: true, message: t('skills.assessment.edit.sheetRequired') }]}
              >
                <Select
                  showSearch
                  optionFilterProp="label"
                  loading={sheets.isFetching}
                  placeholder={waiting}
                  options={sheets.data?.list.map((sheet) => ({
                    value: sheet.id,
                    label: `${sheet.name} · ${sheet.fullScore} · ${t('skills.sheet.list.minutes', { count: sheet.timeLimitMinutes })}`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                name="schemeId"
                label={t('skills.assessment.fields.scheme')}
                extra={t('skills.assessment.edit.schemeHelp')}
              >
                <Select
                  allowClear
                  loading={schemes.isFetching}
                  placeholder={waiting ?? t('skills.assessment.edit.noScheme')}
                  options={schemes.data?.list
                    .filter((scheme) => scheme.components.some((c) => c.kind === 'skills'))
                    .map((scheme) => ({
                      value: scheme.id,
                      label: `${scheme.subjectName} · ${levelLabel(scheme.level)}`,
                    }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="classIds"
                label={t('skills.assessment.fields.batches')}
                rules={[{ required: true, message: t('skills.assessment.edit.batchesRequired') }]}
              >
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  loading={batches.isFetching}
                  placeholder={waiting}
                  options={batches.data?.map((batch) => ({ value: batch.id, label: batch.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item
                name="examinersPerCandidate"
                label={t('skills.assessment.fields.examinersPerCandidate')}
              >
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 2, label: '2' },
                    { value: 3, label: '3' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item
                name="tolerance"
                label={t('skills.assessment.fields.tolerance')}
                extra={t('skills.assessment.edit.toleranceHelp')}
                rules={[{ required: true, message: t('skills.assessment.edit.toleranceRequired') }]}
              >
                <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="chiefId"
                label={t('skills.assessment.fields.chief')}
                rules={[{ required: true, message: t('skills.assessment.edit.chiefRequired') }]}
              >
                {personSelect}
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="checkerId"
                label={t('skills.assessment.fields.checker')}
                rules={[{ required: true, message: t('skills.assessment.edit.checkerRequired') }]}
              >
                {personSelect}
              </Form.Item>
            </Col>
          </Row>
        </Card>

        {problem && (
          <Alert
            type="error"
            showIcon
            closable
            style={{ marginTop: 16 }}
            title={problem}
            data-testid="assessment-problem"
            onClose={() => setProblem(undefined)}
          />
        )}

        <Form.List name="sessions">
          {(fields, { add, remove }) => (
            <Flex vertical gap={16} style={{ marginTop: 16 }}>
              {fields.map((field, index) => (
                <AssessmentSessionCard
                  key={field.key}
                  field={field}
                  index={index}
                  perCandidate={perCandidate}
                  stations={sessions?.[index]?.stations ?? 1}
                  staff={examiners}
                  onRemove={fields.length > 1 && !readOnly ? () => remove(field.name) : undefined}
                />
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={readOnly || fields.length >= SKILL_SESSIONS_MAX}
                onClick={() => add({ ...EMPTY_SESSION, examiners: [] })}
              >
                {t('skills.assessment.edit.addSession')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Flex>
  );
}
