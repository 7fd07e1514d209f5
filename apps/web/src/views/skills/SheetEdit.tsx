import { ArrowLeftOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  SHEET_NAME_MAX,
  SHEET_POINTS_MAX,
  SHEET_STEPS,
  SHEET_TASKS_MAX,
  SHEET_TIME_LIMIT_MAX,
  type CertLevel,
  type SheetView,
} from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Select,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addSheet, getSheet, listSheetPoints, updateSheet } from '../../api/skills';
import { EditById } from '../../components/form/EditById';
import { LevelSelect } from '../../components/structure';
import { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';
import { useAllJobTypes } from '../../components/structure/queries';
import { succeeded } from '../../utils/succeeded';
import {
  EMPTY_SHEET,
  bodyOfForm,
  formOfSheet,
  sheetFigures,
  type SheetFormValues,
} from './sheet-form';
import { SHEET_EDIT_PATH, SHEET_LIST_PATH, sheetKeys } from './sheet-routes';
import { SheetTaskCard } from './SheetTaskCard';

/** The scoring sheet editor (?id=N edits sheet N; no id starts a new one). */
export default function SheetEdit() {
  return (
    <EditById queryKey={sheetKeys.one} fetch={getSheet}>
      {(id, saved) => <SheetEditor key={id ?? 'new'} id={id} saved={saved} />}
    </EditById>
  );
}

function SheetEditor({ id, saved }: { id?: number; saved?: SheetView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<SheetFormValues>();
  const [initial] = useState(() => (saved ? formOfSheet(saved) : EMPTY_SHEET));
  const [saving, setSaving] = useState(false);
  const subjectId = Form.useWatch('subjectId', form);
  const level = Form.useWatch('level', form) as CertLevel | undefined;
  const tasks = Form.useWatch('tasks', form) as SheetFormValues['tasks'] | undefined;
  const jobTypes = useAllJobTypes();
  const levels = jobTypes.data?.find((jobType) => jobType.id === subjectId)?.levels;
  const placed = subjectId !== undefined && level !== undefined;
  const points = useQuery({
    queryKey: sheetKeys.points(subjectId ?? 0, level ?? 0),
    queryFn: () => listSheetPoints(subjectId!, level!),
    enabled: placed,
  });
  const figures = sheetFigures(tasks ?? initial.tasks);

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    const body = bodyOfForm({ ...form.getFieldsValue(true), ...values });
    try {
      if (id === undefined) {
        const call = addSheet(body);
        if (!(await succeeded(call))) return;
        message.success(t('skills.sheet.edit.added'));
        void queryClient.invalidateQueries({ queryKey: sheetKeys.all });
        navigate(`${SHEET_EDIT_PATH}?id=${(await call).id}`, { replace: true });
      } else {
        if (!(await succeeded(updateSheet(id, body)))) return;
        message.success(t('common.saved'));
        void queryClient.invalidateQueries({ queryKey: sheetKeys.list });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={16} className="sheet-editor">
      <Form<SheetFormValues>
        form={form}
        name="sheetForm"
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed: Partial<SheetFormValues>) => {
          if ('subjectId' in changed) {
            const jobType = jobTypes.data?.find((j) => j.id === changed.subjectId);
            form.setFieldsValue({
              level: jobType?.levels.length === 1 ? jobType.levels[0] : undefined,
            });
          }
        }}
      >
        <Card size={screens.sm ? undefined : 'small'}>
          <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 16 }}>
            <Flex gap={8} align="center" wrap>
              <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(SHEET_LIST_PATH)}>
                {t('skills.sheet.edit.back')}
              </Button>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {id === undefined
                  ? t('skills.sheet.edit.newTitle')
                  : t('skills.sheet.edit.title', { id })}
              </Typography.Title>
              {saved && saved.version > 0 && (
                <Tag color="blue">{t('skills.sheet.list.version', { version: saved.version })}</Tag>
              )}
            </Flex>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={() => void save()}
            >
              {t('skills.sheet.edit.save')}
            </Button>
          </Flex>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item
                name="name"
                label={t('skills.sheet.fields.name')}
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: t('skills.sheet.edit.nameRequired'),
                  },
                ]}
              >
                <Input maxLength={SHEET_NAME_MAX} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="subjectId"
                label={t('school.select.jobType')}
                rules={[{ required: true, message: t('skills.sheet.edit.jobTypeRequired') }]}
              >
                <AnyJobTypeSelect />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="level"
                label={t('skills.sheet.fields.level')}
                rules={[{ required: true, message: t('skills.sheet.edit.levelRequired') }]}
              >
                <LevelSelect
                  levels={levels}
                  waitingFor={subjectId === undefined ? t('school.select.jobTypeFirst') : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item
                name="timeLimitMinutes"
                label={t('skills.sheet.fields.timeLimit')}
                rules={[{ required: true, message: t('skills.sheet.edit.timeLimitRequired') }]}
              >
                <InputNumber
                  min={1}
                  max={SHEET_TIME_LIMIT_MAX}
                  precision={0}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item
                name="overtimePointsPerMinute"
                label={t('skills.sheet.fields.overtimePoints')}
              >
                <InputNumber
                  min={0}
                  max={SHEET_POINTS_MAX}
                  precision={2}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item
                name="overtimeStopMinutes"
                label={t('skills.sheet.fields.overtimeStop')}
                extra={t('skills.sheet.edit.overtimeStopHelp')}
              >
                <InputNumber
                  min={0}
                  max={SHEET_TIME_LIMIT_MAX}
                  precision={0}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item
                name="step"
                label={t('skills.sheet.fields.step')}
                extra={t('skills.sheet.edit.stepHelp')}
              >
                <Select
                  options={SHEET_STEPS.map((step) => ({ value: step, label: String(step) }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card
          size="small"
          className="sheet-total"
          style={{ position: 'sticky', top: 0, zIndex: 2, marginTop: 16 }}
        >
          <Flex gap={24} align="center" wrap>
            <Statistic
              title={t('skills.sheet.edit.runningTotal')}
              value={figures.fullScore}
              data-testid="sheet-full-score"
            />
            <Typography.Text type="secondary">
              {t('skills.sheet.edit.itemsCount', { tasks: figures.tasks, items: figures.items })}
            </Typography.Text>
            {figures.vetoes > 0 && (
              <Tag color="red">{t('skills.sheet.edit.vetoCount', { count: figures.vetoes })}</Tag>
            )}
          </Flex>
        </Card>

        <Form.List name="tasks">
          {(fields, { add, remove }) => (
            <Flex vertical gap={16} style={{ marginTop: 16 }}>
              {fields.length === 0 && <Empty description={t('skills.sheet.edit.noTasks')} />}
              {fields.map((field, index) => (
                <SheetTaskCard
                  key={field.key}
                  form={form}
                  field={field}
                  index={index}
                  points={points.data}
                  pointsWaitingFor={placed ? undefined : t('skills.sheet.task.pointFirst')}
                  onRemove={() => remove(field.name)}
                />
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= SHEET_TASKS_MAX}
                onClick={() =>
                  add({
                    title: '',
                    knowId: null,
                    items: [
                      { what: '', criteria: '', points: undefined, veto: false, mode: 'award' },
                    ],
                  })
                }
              >
                {t('skills.sheet.edit.addTask')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Flex>
  );
}
