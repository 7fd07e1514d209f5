import { DeleteOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import {
  SHEET_ITEMS_MAX,
  SHEET_POINTS_MAX,
  SHEET_TASK_TITLE_MAX,
  SHEET_TEXT_MAX,
  type SheetPointOption,
} from '@kaoshi/shared';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  Tag,
  Typography,
  theme,
  type FormInstance,
  type FormListFieldData,
} from 'antd';
import { useTranslation } from 'react-i18next';
import './sheet-edit.css';
import { itemPoints, type SheetFormItem, type SheetFormValues } from './sheet-form';

interface SheetTaskCardProps {
  form: FormInstance<SheetFormValues>;
  field: FormListFieldData;
  index: number;
  points?: SheetPointOption[];
  /** Why no point can be chosen yet (no job type or level). */
  pointsWaitingFor?: string;
  onRemove: () => void;
}

/**
 * One task of the sheet (考核内容): its title, its appraisal point, and its items as editable
 * rows; the veto items (否定项) apart below them, in red.
 */
export function SheetTaskCard({
  form,
  field,
  index,
  points,
  pointsWaitingFor,
  onRemove,
}: SheetTaskCardProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const items = (Form.useWatch(['tasks', field.name, 'items'], form) ?? []) as SheetFormItem[];
  const subtotal = items.reduce((sum, item) => sum + itemPoints(item), 0);

  return (
    <Card
      size="small"
      className="sheet-task"
      title={
        <Flex gap={8} align="center" wrap>
          <span>{t('skills.sheet.task.title', { number: index + 1 })}</span>
          <Tag style={{ marginInlineEnd: 0 }}>
            {t('skills.sheet.task.subtotal', { points: Number(subtotal.toFixed(2)) })}
          </Tag>
        </Flex>
      }
      extra={
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('skills.sheet.task.remove')}
          onClick={onRemove}
        />
      }
    >
      <Row gutter={12}>
        <Col xs={24} md={14}>
          <Form.Item
            name={[field.name, 'title']}
            label={t('skills.sheet.task.titleLabel')}
            rules={[
              { required: true, whitespace: true, message: t('skills.sheet.task.titleRequired') },
            ]}
          >
            <Input maxLength={SHEET_TASK_TITLE_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name={[field.name, 'knowId']} label={t('skills.sheet.task.point')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              disabled={pointsWaitingFor !== undefined}
              placeholder={pointsWaitingFor ?? t('skills.sheet.task.pointPlaceholder')}
              options={points?.map((point) => ({
                value: point.id,
                label: `${point.code} ${point.name}`,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name={[field.name, 'items']}>
        {(itemFields, { add, remove }) => {
          const isVeto = (f: FormListFieldData) => items[f.name]?.veto === true;
          const row = (f: FormListFieldData) => {
            const veto = isVeto(f);
            return (
              <Flex
                key={f.key}
                gap={8}
                wrap
                align="start"
                className={veto ? 'sheet-item sheet-item-veto' : 'sheet-item'}
                data-testid={veto ? 'sheet-veto-item' : 'sheet-item'}
              >
                <Form.Item
                  name={[f.name, 'what']}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: t('skills.sheet.item.whatRequired'),
                    },
                  ]}
                  style={{ flex: '2 1 200px', marginBottom: 8 }}
                >
                  <Input.TextArea
                    autoSize={{ minRows: 1, maxRows: 4 }}
                    maxLength={SHEET_TEXT_MAX}
                    placeholder={t('skills.sheet.item.what')}
                    aria-label={t('skills.sheet.item.what')}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'criteria']}
                  style={{ flex: '3 1 240px', marginBottom: 8 }}
                >
                  <Input.TextArea
                    autoSize={{ minRows: 1, maxRows: 4 }}
                    maxLength={SHEET_TEXT_MAX}
                    placeholder={t('skills.sheet.item.criteria')}
                    aria-label={t('skills.sheet.item.criteria')}
                  />
                </Form.Item>
                {!veto && (
                  <>
                    <Form.Item
                      name={[f.name, 'points']}
                      rules={[{ required: true, message: t('skills.sheet.item.pointsRequired') }]}
                      style={{ width: 104, marginBottom: 8 }}
                    >
                      <InputNumber
                        min={0}
                        max={SHEET_POINTS_MAX}
                        precision={2}
                        placeholder={t('skills.sheet.item.points')}
                        aria-label={t('skills.sheet.item.points')}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'mode']} style={{ width: 96, marginBottom: 8 }}>
                      <Select
                        aria-label={t('skills.sheet.item.mode')}
                        options={[
                          { value: 'award', label: t('skills.sheet.item.award') },
                          { value: 'deduct', label: t('skills.sheet.item.deduct') },
                        ]}
                      />
                    </Form.Item>
                  </>
                )}
                {veto && (
                  <Tag color="red" icon={<StopOutlined />} style={{ marginTop: 5 }}>
                    {t('skills.sheet.item.vetoTag')}
                  </Tag>
                )}
                <Form.Item
                  name={[f.name, 'veto']}
                  valuePropName="checked"
                  style={{ marginBottom: 8 }}
                  tooltip={t('skills.sheet.item.veto')}
                >
                  <Switch
                    size="small"
                    aria-label={t('skills.sheet.item.veto')}
                    onChange={(on) => {
                      if (on)
                        form.setFieldValue(['tasks', field.name, 'items', f.name, 'points'], 0);
                    }}
                    style={{ marginTop: 6 }}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('skills.sheet.item.remove')}
                  onClick={() => remove(f.name)}
                />
              </Flex>
            );
          };
          const plain = itemFields.filter((f) => !isVeto(f));
          const vetoes = itemFields.filter(isVeto);
          const full = itemFields.length >= SHEET_ITEMS_MAX;
          return (
            <Flex vertical gap={4}>
              {plain.length === 0 && (
                <Typography.Text type="secondary">{t('skills.sheet.task.noItems')}</Typography.Text>
              )}
              {screens.md && plain.length > 0 && (
                <Flex gap={8} className="sheet-item-head" aria-hidden>
                  <span style={{ flex: '2 1 200px' }}>{t('skills.sheet.item.what')}</span>
                  <span style={{ flex: '3 1 240px' }}>{t('skills.sheet.item.criteria')}</span>
                  <span style={{ width: 104 }}>{t('skills.sheet.item.points')}</span>
                  <span style={{ width: 96 }}>{t('skills.sheet.item.mode')}</span>
                  <span style={{ width: 72 }}>{t('skills.sheet.item.veto')}</span>
                </Flex>
              )}
              {plain.map(row)}
              {vetoes.length > 0 && (
                <div
                  className="sheet-veto-block"
                  style={{
                    border: `1px solid ${token.colorErrorBorder}`,
                    background: token.colorErrorBg,
                    borderRadius: token.borderRadius,
                    padding: '8px 8px 0',
                  }}
                >
                  <Typography.Text strong style={{ color: token.colorError }}>
                    {t('skills.sheet.task.vetoHeading')}
                  </Typography.Text>
                  <Flex vertical gap={4} style={{ marginTop: 8 }}>
                    {vetoes.map(row)}
                  </Flex>
                </div>
              )}
              <Flex gap={8} wrap>
                <Button
                  icon={<PlusOutlined />}
                  disabled={full}
                  onClick={() =>
                    add({ what: '', criteria: '', points: undefined, veto: false, mode: 'award' })
                  }
                >
                  {t('skills.sheet.task.addItem')}
                </Button>
                <Button
                  danger
                  icon={<StopOutlined />}
                  disabled={full}
                  onClick={() =>
                    add({ what: '', criteria: '', points: 0, veto: true, mode: 'award' })
                  }
                >
                  {t('skills.sheet.task.addVeto')}
                </Button>
              </Flex>
            </Flex>
          );
        }}
      </Form.List>
    </Card>
  );
}
