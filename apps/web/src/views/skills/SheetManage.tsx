import { CopyOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { CertLevel, SheetListItem } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Flex,
  Form,
  Grid,
  Tag,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  copySheet,
  deleteSheet,
  exportSheet,
  importSheet,
  listSheets,
  type SheetQuery,
} from '../../api/skills';
import { TextFilter } from '../../components/list/filters';
import { ListPage } from '../../components/list/ListPage';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useListPage } from '../../components/list/use-list-page';
import { useLevelLabel } from '../../components/structure';
import { useJobTypeLevelFilters } from '../../components/structure/job-type-level-filters';
import { RelativeTime } from '../../components/time/RelativeTime';
import { succeeded } from '../../utils/succeeded';
import { SHEET_EDIT_PATH, sheetKeys } from './sheet-routes';

type FilterValues = Omit<SheetQuery, 'page' | 'limit'>;

const FILTER_CHAIN = ['subjectId', 'level'] as const;

/** Scoring sheets (评分记录表): find, build, copy, import and export, delete. */
export default function SheetManage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const [filterForm] = Form.useForm<FilterValues>();
  const jobTypeLevel = useJobTypeLevelFilters(filterForm, FILTER_CHAIN);
  const sheets = useListPage<SheetListItem, SheetQuery>({
    queryKey: sheetKeys.list,
    fetchList: listSheets,
  });
  const actionsColumn = useActionsColumn();
  const [importing, setImporting] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: sheetKeys.all });
  const act = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSettled: refresh,
  });

  const edit = (id?: number) =>
    navigate(id === undefined ? SHEET_EDIT_PATH : `${SHEET_EDIT_PATH}?id=${id}`);

  const confirmDelete = (sheet: SheetListItem) =>
    modal.confirm({
      title: t('skills.sheet.list.confirmDelete', { name: sheet.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!(await succeeded(act.mutateAsync(() => deleteSheet(sheet.id))))) return;
        message.success(t('skills.sheet.list.deleted'));
        sheets.afterDelete();
      },
    });

  const copy = async (sheet: SheetListItem) => {
    if (!(await succeeded(act.mutateAsync(() => copySheet(sheet.id))))) return;
    message.success(t('skills.sheet.list.copied', { name: sheet.name }));
  };

  const upload = async (file: File) => {
    setImporting(true);
    try {
      const created = await importSheet(file);
      message.success(t('skills.sheet.imported'));
      void refresh();
      edit(created.id);
    } catch {
      // The request layer has shown the refusal (every problem with its row and column).
    } finally {
      setImporting(false);
    }
  };

  const compact = !screens.xxl;
  const columns: TableColumnsType<SheetListItem> = [
    { title: t('skills.sheet.fields.id'), dataIndex: 'id', width: 64 },
    {
      title: t('skills.sheet.fields.name'),
      key: 'name',
      render: (_, sheet) => (
        <Flex vertical gap={2} style={{ minWidth: 160, maxWidth: 320 }}>
          <Typography.Text strong ellipsis={{ tooltip: sheet.name }}>
            {sheet.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {sheet.subjectName} · {levelLabel(sheet.level as CertLevel)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('skills.sheet.fields.tasksItems'),
      key: 'counts',
      align: 'right',
      render: (_, sheet) => (
        <Flex gap={4} justify="end" wrap>
          <span>
            {sheet.taskCount} / {sheet.itemCount}
          </span>
          {sheet.vetoCount > 0 && (
            <Tag color="red" style={{ marginInlineEnd: 0 }}>
              {t('skills.sheet.edit.vetoCount', { count: sheet.vetoCount })}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: t('skills.sheet.fields.fullScore'),
      dataIndex: 'fullScore',
      align: 'right',
      width: 96,
    },
    {
      title: t('skills.sheet.fields.timeLimit'),
      key: 'timeLimit',
      responsive: ['lg'],
      align: 'right',
      render: (_, sheet) => t('skills.sheet.list.minutes', { count: sheet.timeLimitMinutes }),
    },
    {
      title: t('skills.sheet.fields.version'),
      key: 'version',
      responsive: ['md'],
      render: (_, sheet) =>
        sheet.version === 0 ? (
          <Typography.Text type="secondary">{t('skills.sheet.list.noVersion')}</Typography.Text>
        ) : (
          <Tag color="blue">{t('skills.sheet.list.version', { version: sheet.version })}</Tag>
        ),
    },
    {
      title: t('skills.sheet.fields.updatedAt'),
      key: 'updatedAt',
      responsive: ['xxl'],
      render: (_, sheet) => <RelativeTime at={sheet.updatedAt} now={sheets.list.dataUpdatedAt} />,
    },
    actionsColumn<SheetListItem>((sheet) => (
      <>
        <EditAction compact={compact} onClick={() => edit(sheet.id)} />
        <RowAction
          icon={<CopyOutlined />}
          label={t('skills.sheet.actions.copy')}
          compact={compact}
          onClick={() => void copy(sheet)}
        />
        <RowAction
          icon={<DownloadOutlined />}
          label={t('skills.sheet.actions.export')}
          compact={compact}
          onClick={() => void succeeded(exportSheet(sheet.id, `${sheet.name}.xlsx`))}
        />
        <DeleteAction compact={compact} onClick={() => confirmDelete(sheet)} />
      </>
    )),
  ];

  return (
    <ListPage<SheetListItem, FilterValues>
      list={sheets}
      searchName="sheetSearch"
      filterForm={filterForm}
      filterChain={FILTER_CHAIN}
      addLabel={t('skills.sheet.add')}
      onAdd={() => edit()}
      toolbar={
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importing}>
            {t('skills.sheet.import')}
          </Button>
        </Upload>
      }
      columns={columns}
    >
      <TextFilter name="keyword" label={t('skills.sheet.list.keyword')} />
      {jobTypeLevel.items}
    </ListPage>
  );
}
