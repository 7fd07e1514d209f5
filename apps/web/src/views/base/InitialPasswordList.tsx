import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InitialPasswordAccount } from '../../api/base';

/** Initial passwords the server answers only once (add, reset), for the admin to hand out. */
export function InitialPasswordList({ accounts }: { accounts: InitialPasswordAccount[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph>{t('base.student.initialPasswordsText')}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="ticketNumber"
        dataSource={accounts}
        scroll={{ y: 360 }}
        columns={[
          { title: t('base.student.ticketNumber'), dataIndex: 'ticketNumber' },
          { title: t('base.student.name'), dataIndex: 'name' },
          {
            title: t('base.student.initialPassword'),
            dataIndex: 'initialPassword',
            render: (password: string) => (
              <Typography.Text code copyable>
                {password}
              </Typography.Text>
            ),
          },
        ]}
      />
    </>
  );
}
