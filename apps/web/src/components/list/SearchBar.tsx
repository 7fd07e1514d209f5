import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Space, type FormInstance } from 'antd';
import { Children, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchBarProps<T> {
  /** Unique on the page: it prefixes the fields' element ids. */
  name: string;
  form: FormInstance<T>;
  onSearch: (filters: T) => void;
  onReset: () => void;
  /** As antd Form's: e.g. to clear a cascading filter's children (cascadeReset). */
  onValuesChange?: (changed: Partial<T>, values: T) => void;
  /** One filter field each (a Form.Item); they wrap to one per line on a phone. */
  children: ReactNode;
}

export function SearchBar<T extends object>({
  name,
  form,
  onSearch,
  onReset,
  onValuesChange,
  children,
}: SearchBarProps<T>) {
  const { t } = useTranslation();
  const reset = () => {
    form.resetFields();
    onReset();
  };

  return (
    <Form<T>
      name={name}
      form={form}
      onFinish={onSearch}
      onValuesChange={onValuesChange}
      style={{ marginBottom: 16 }}
    >
      <Row gutter={[12, 12]}>
        {Children.map(children, (field) => (
          <Col xs={24} sm={12} lg={8} xl={6}>
            {field}
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8} xl={6}>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('common.search')}
            </Button>
            <Button onClick={reset} icon={<ReloadOutlined />}>
              {t('common.reset')}
            </Button>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
