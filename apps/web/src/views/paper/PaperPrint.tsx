import { DownOutlined, ExportOutlined, FileWordOutlined, PrinterOutlined } from '@ant-design/icons';
import type { QuestionPackageFormat } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown, Flex, Grid, Result, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { exportPaperDocx, exportPaperPackage, printPaper } from '../../api/paper';
import { succeeded } from '../../utils/succeeded';
import { PrintAnswerSheet } from './PrintAnswerSheet';
import { PrintedPaper } from './PrintedPaper';
import { PAPER_LIST_PATH, paperKeys } from '../../components/paper/paper-routes';
import '../../styles/print-view.css';
import './PaperPrint.css';

type View = 'examinee' | 'key' | 'sheet';

/**
 * A paper to read and print (?id=N): as the examinee will see it, with its key (&answers=1), or
 * its answer sheet (&sheet=1). The browser prints what is shown on A4; the app's frame and the
 * toolbar are left out of the print (PaperPrint.css).
 */
export default function PaperPrint() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const known = Number.isInteger(id) && id > 0;
  const view: View =
    params.get('sheet') === '1' ? 'sheet' : params.get('answers') === '1' ? 'key' : 'examinee';
  const withKey = view === 'key';
  const paper = useQuery({
    queryKey: [...paperKeys.all, 'print', id, withKey],
    queryFn: () => printPaper(id, withKey),
    enabled: known,
  });
  const [exporting, setExporting] = useState(false);

  const show = (next: View) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        query.set('answers', next === 'key' ? '1' : '0');
        if (next === 'sheet') query.set('sheet', '1');
        else query.delete('sheet');
        return query;
      },
      { replace: true },
    );

  const exportWord = async (key: boolean) => {
    if (!paper.data) return;
    // The server names the file after the paper; this name is used only if it names none.
    const name = `${paper.data.name}.docx`;
    setExporting(true);
    try {
      if (await succeeded(exportPaperDocx(id, key, name))) {
        message.success(t('paperPrint.toolbar.exported', { name }));
      }
    } finally {
      setExporting(false);
    }
  };

  const exportPackage = async (format: QuestionPackageFormat) => {
    if (!paper.data) return;
    const name = `${paper.data.name}${format === 'moodleXml' ? '.xml' : `-${format}.zip`}`;
    setExporting(true);
    try {
      if (await succeeded(exportPaperPackage(id, format, name))) {
        message.success(t('paperPrint.toolbar.exported', { name }));
      }
    } finally {
      setExporting(false);
    }
  };

  if (!known) {
    return (
      <Result
        status="info"
        title={t('paperPrint.noPaper')}
        extra={<Link to={PAPER_LIST_PATH}>{t('paperPrint.backToList')}</Link>}
      />
    );
  }

  return (
    <div className="paper-print print-view">
      <Flex
        className="paper-print-toolbar print-view-toolbar"
        vertical={!screens.sm}
        wrap
        gap={8}
        justify="space-between"
        align={screens.sm ? 'center' : 'stretch'}
      >
        <Segmented<View>
          aria-label={t('paperPrint.toolbar.view')}
          value={view}
          onChange={show}
          vertical={!screens.sm}
          block={!screens.sm}
          options={[
            { value: 'examinee', label: t('paperPrint.toolbar.examinee') },
            { value: 'key', label: t('paperPrint.toolbar.withKey') },
            { value: 'sheet', label: t('paperPrint.toolbar.sheet') },
          ]}
        />
        <Flex wrap gap={8}>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            disabled={!paper.data}
            onClick={() => window.print()}
          >
            {t('paperPrint.toolbar.print')}
          </Button>
          <Dropdown
            disabled={!paper.data}
            trigger={['click']}
            menu={{
              items: [
                { key: 'plain', label: t('paperPrint.toolbar.wordPlain') },
                { key: 'key', label: t('paperPrint.toolbar.wordKey') },
              ],
              onClick: ({ key }) => void exportWord(key === 'key'),
            }}
          >
            <Button icon={<FileWordOutlined />} loading={exporting}>
              {t('paperPrint.toolbar.word')}
              <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown
            disabled={!paper.data}
            trigger={['click']}
            menu={{
              items: (['qti3', 'qti22', 'moodleXml'] as const).map((format) => ({
                key: format,
                label: t(`paperPrint.toolbar.${format}`),
              })),
              onClick: ({ key }) => void exportPackage(key as QuestionPackageFormat),
            }}
          >
            <Button icon={<ExportOutlined />} loading={exporting}>
              {t('paperPrint.toolbar.exchange')}
              <DownOutlined />
            </Button>
          </Dropdown>
        </Flex>
        <Typography.Text type="secondary" className="paper-print-hint">
          {t('paperPrint.toolbar.hint')}
        </Typography.Text>
      </Flex>
      {paper.isPending ? (
        <div className="paper-print-page">
          <Skeleton active paragraph={{ rows: 12 }} />
        </div>
      ) : paper.isError ? (
        <Result
          status="warning"
          title={t('paperPrint.loadFailed')}
          subTitle={paper.error.message}
          extra={<Link to={PAPER_LIST_PATH}>{t('paperPrint.backToList')}</Link>}
        />
      ) : view === 'sheet' ? (
        <PrintAnswerSheet paper={paper.data} />
      ) : (
        <PrintedPaper paper={paper.data} />
      )}
    </div>
  );
}
