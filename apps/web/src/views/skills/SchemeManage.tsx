import type { CertLevel, SchemeView } from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Form, Grid, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteScheme, listSchemes, type SchemeQuery } from '../../api/certification';
import { ListPage } from '../../components/list/ListPage';
import { useEditDeleteColumn } from '../../components/list/use-actions-column';
import { useDeleteConfirmation } from '../../components/list/use-delete-confirmation';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { useLevelLabel } from '../../components/structure';
import { useJobTypeLevelFilters } from '../../components/structure/job-type-level-filters';
import { SchemeFormModal } from './SchemeFormModal';
import { schemeKeys } from '../../components/certification/scheme-queries';

type SchemeFilters = Omit<SchemeQuery, 'page' | 'limit'>;

const FILTER_CHAIN = ['subjectId', 'level'] as const;

/** Certification schemes (认定方案): per job type and level, the parts a certificate needs. */
export default function SchemeManage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const levelLabel = useLevelLabel();
  const [filterForm] = Form.useForm<SchemeFilters>();
  const jobTypeLevel = useJobTypeLevelFilters(filterForm, FILTER_CHAIN);
  const schemes = useListPage<SchemeView, SchemeQuery>({
    queryKey: schemeKeys.list,
    fetchList: listSchemes,
  });
  const { query } = schemes;
  const dialog = useDialog<{ scheme?: SchemeView }>();
  const confirmDelete = useDeleteConfirmation();
  const editDelete = useEditDeleteColumn();

  const schemeName = (scheme: SchemeView) =>
    `${scheme.subjectName} · ${levelLabel(scheme.level as CertLevel)}`;
  const users = (scheme: SchemeView) => [
    ...scheme.exams.map((exam) => t('certification.scheme.exam', { name: exam.name })),
    ...scheme.assessments.map((row) => t('certification.scheme.assessment', { name: row.name })),
  ];

  // A scheme in use is refused by the server, which names what uses it; the dialog says so first.
  const askDelete = (scheme: SchemeView) =>
    confirmDelete({
      title: t('certification.scheme.deleteTitle'),
      name:
        users(scheme).length > 0
          ? t('certification.scheme.inUseName', {
              name: schemeName(scheme),
              users: users(scheme).join(', '),
            })
          : schemeName(scheme),
      remove: () => deleteScheme(scheme.id),
      onDeleted: async () => {
        await queryClient.invalidateQueries({ queryKey: schemeKeys.all });
        schemes.afterDelete();
      },
    });

  const compact = !screens.sm;
  const columns: TableColumnsType<SchemeView> = [
    {
      title: t('certification.scheme.jobType'),
      key: 'subject',
      render: (_, scheme) => (
        <Flex vertical gap={2} style={{ minWidth: 140, maxWidth: 260 }}>
          <Typography.Text strong>{scheme.subjectName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {levelLabel(scheme.level as CertLevel)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('certification.scheme.components'),
      key: 'components',
      render: (_, scheme) => (
        <Flex gap={4} wrap style={{ minWidth: 180, maxWidth: 360 }}>
          {scheme.components.map((component) => (
            <Tag
              key={component.id}
              color={component.required ? 'blue' : undefined}
              style={{ marginInlineEnd: 0 }}
            >
              {t(`certification.kinds.${component.kind}`)} {component.passScore}/
              {component.fullScore}
              {!component.required && ` · ${t('certification.scheme.optional')}`}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('certification.scheme.validityMonths'),
      key: 'validityMonths',
      align: 'right',
      width: 120,
      render: (_, scheme) => t('certification.scheme.months', { count: scheme.validityMonths }),
    },
    {
      title: t('certification.scheme.usedBy'),
      key: 'usedBy',
      responsive: ['md'],
      render: (_, scheme) =>
        users(scheme).length === 0 ? (
          <Typography.Text type="secondary">{t('certification.scheme.notUsed')}</Typography.Text>
        ) : (
          <Typography.Text
            ellipsis={{ tooltip: users(scheme).join(', ') }}
            style={{ maxWidth: 260 }}
          >
            {users(scheme).join(', ')}
          </Typography.Text>
        ),
    },
    editDelete<SchemeView>(compact, (scheme) => dialog.show({ scheme }), askDelete),
  ];

  return (
    <ListPage<SchemeView, SchemeFilters>
      list={schemes}
      searchName="schemeSearch"
      filterForm={filterForm}
      filterChain={FILTER_CHAIN}
      addLabel={t('certification.scheme.add')}
      onAdd={() => dialog.show({})}
      columns={columns}
      dialogs={
        <SchemeFormModal
          key={dialog.key}
          open={dialog.open}
          scheme={dialog.target?.scheme}
          subjectId={query.subjectId}
          level={query.level}
          onClose={dialog.hide}
        />
      }
    >
      {jobTypeLevel.items}
    </ListPage>
  );
}
