import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore } from '../stores/errorLog';
import { errorLogEnabled } from '../utils/error-log';

// A plain table, not antd's: this button sits in the navbar of every page, and antd's Table
// would add some 80 KiB gzip to what the login page loads, for a list that is usually empty.
const border = '1px solid var(--ant-color-border-secondary, #f0f0f0)';
const cell: CSSProperties = { padding: '8px', borderBottom: border, verticalAlign: 'top' };
const headCell: CSSProperties = {
  ...cell,
  textAlign: 'left',
  fontWeight: 600,
  background: 'var(--ant-color-fill-alter, #fafafa)',
  position: 'sticky',
  top: 0,
};
const pre: CSSProperties = {
  margin: 0,
  maxHeight: 160,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontSize: 12,
};

/**
 * The navbar's error-log button (docs/spec.md §8): a badge with the count of uncaught errors, shown in
 * production once there is one, opening the list with a way to clear it.
 */
export function ErrorLog() {
  const { t } = useTranslation();
  const logs = useErrorLogStore((state) => state.logs);
  const clearErrorLog = useErrorLogStore((state) => state.clearErrorLog);
  const [open, setOpen] = useState(false);

  if (!errorLogEnabled || logs.length === 0) return null;

  // Newest first: the error the user just saw is the one they came for.
  const entries = logs.map((entry, index) => ({ entry, key: index })).reverse();

  return (
    <>
      <Tooltip title={t('errorLog.title')}>
        <button
          type="button"
          className="navbar-icon"
          aria-label={t('errorLog.title')}
          onClick={() => setOpen(true)}
          data-testid="error-log-button"
        >
          <Badge count={logs.length} size="small" offset={[4, -2]}>
            <BugOutlined style={{ fontSize: 18 }} />
          </Badge>
        </button>
      </Tooltip>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width="min(1100px, 96vw)"
        onCancel={() => setOpen(false)}
        footer={[
          <Button
            key="clear"
            danger
            onClick={() => {
              setOpen(false);
              clearErrorLog();
            }}
          >
            {t('errorLog.clear')}
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
            {t('common.ok')}
          </Button>,
        ]}
      >
        <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
          <table
            style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}
            data-testid="error-log-table"
          >
            <thead>
              <tr>
                <th style={{ ...headCell, width: '28%' }}>{t('errorLog.columns.message')}</th>
                <th style={{ ...headCell, width: '20%' }}>{t('errorLog.columns.url')}</th>
                <th style={headCell}>{t('errorLog.columns.info')}</th>
                <th style={{ ...headCell, width: 150 }}>{t('errorLog.columns.time')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map(({ entry, key }) => (
                <tr key={key}>
                  <td style={cell}>
                    <Typography.Text type="danger" style={{ wordBreak: 'break-word' }}>
                      {entry.err.message}
                    </Typography.Text>
                    {entry.vm && (
                      <div>
                        <Tag style={{ marginTop: 4 }}>{entry.vm}</Tag>
                      </div>
                    )}
                    {entry.err.stack && (
                      <details style={{ marginTop: 4 }}>
                        <summary style={{ cursor: 'pointer' }}>{t('errorLog.stack')}</summary>
                        <pre style={{ ...pre, maxHeight: 240 }}>{entry.err.stack}</pre>
                      </details>
                    )}
                  </td>
                  <td style={{ ...cell, wordBreak: 'break-all' }}>{entry.url}</td>
                  <td style={cell}>
                    <pre style={pre}>{entry.info}</pre>
                  </td>
                  <td style={cell}>{dayjs(entry.time).format('YYYY-MM-DD HH:mm:ss')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Modal>
    </>
  );
}
