import { DownloadOutlined, LinkOutlined, StopOutlined } from '@ant-design/icons';
import {
  CERTIFICATE_REASON_MAX,
  CERTIFICATE_STATES,
  Perm,
  type CertLevel,
  type CertificateView,
  type ListCertificateQuery,
} from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Grid, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCertificatePdf, listCertificate, revokeCertificate } from '../../api/certificate';
import { RowAction } from '../../components/list/RowAction';
import { SelectFilter, TextFilter } from '../../components/list/filters';
import { ListPage } from '../../components/list/ListPage';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useListPage } from '../../components/list/use-list-page';
import { useLevelLabel } from '../../components/structure';
import { succeeded } from '../../utils/succeeded';
import { useHasPermission } from '../../utils/use-access';
import { localTime } from '../../components/exam/exam-format';
import { RejectDialog } from '../../components/RejectDialog';
import { AnalysisExamSelect } from './AnalysisExamSelect';
import { CertificateStateTag } from '../../components/analysis/CertificateStateTag';
import { certificateKeys, verifyUrl } from '../../components/analysis/certificate-paths';
import { useExamParam } from './use-exam-param';

type CertificateQuery = Omit<ListCertificateQuery, 'examId'> & { examId?: number };
type Filters = Pick<ListCertificateQuery, 'keyword' | 'state'>;

/**
 * Issued certificates (docs/features/analysis.md; /examAnalysis/certificates, ?examId=N for one exam's): search
 * by name, number or ticket number, by exam and state; download the PDF, open the public check,
 * and revoke with a reason (also needs PUBLISHMANAGE; the server checks it again).
 */
export default function CertificateManage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const levelLabel = useLevelLabel();
  const actionsColumn = useActionsColumn();
  const mayRevoke = useHasPermission(Perm.PUBLISH);
  const { examId, choose } = useExamParam();
  const [filterForm] = Form.useForm<Filters>();
  const [revoking, setRevoking] = useState<CertificateView>();
  const certificates = useListPage<CertificateView, CertificateQuery>({
    queryKey: certificateKeys.list(examId),
    fetchList: (query) => listCertificate({ ...query, examId }),
  });
  // Labelled actions would cover the state column below 1600 px: icons with tooltips there.
  const compact = !screens.xxl;

  const revoke = async (certificate: CertificateView, reason: string) => {
    if (!(await succeeded(revokeCertificate({ id: certificate.id, reason })))) return false;
    message.success(t('certificate.revokedDone', { number: certificate.number }));
    await queryClient.invalidateQueries({ queryKey: certificateKeys.all });
    return true;
  };

  const columns: TableColumnsType<CertificateView> = [
    {
      key: 'number',
      title: t('certificate.fields.number'),
      render: (_, row) => (
        <Typography.Text copyable style={{ whiteSpace: 'nowrap' }} className="certificate-number">
          {row.number}
        </Typography.Text>
      ),
    },
    {
      key: 'name',
      title: t('certificate.fields.name'),
      render: (_, row) => (
        <Flex vertical>
          <span>{row.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.ticketNumber}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'exam',
      title: t('certificate.fields.exam'),
      render: (_, row) => (
        <Flex vertical style={{ minWidth: 160 }}>
          <span>{row.examName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.className}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'subject',
      title: t('certificate.fields.subject'),
      responsive: ['xxl'],
      render: (_, row) => `${row.subjectName} · ${levelLabel(row.level as CertLevel)}`,
    },
    {
      key: 'result',
      title: t('certificate.fields.result'),
      align: 'right',
      render: (_, row) => t('certificate.points', { score: row.score, total: row.totalScore }),
    },
    {
      key: 'issuedAt',
      title: t('certificate.fields.issuedAt'),
      responsive: ['md'],
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{localTime(row.issuedAt)}</span>,
    },
    {
      key: 'state',
      title: t('certificate.fields.state'),
      render: (_, row) => <CertificateStateTag certificate={row} />,
    },
    actionsColumn<CertificateView>((row) => (
      <>
        <RowAction
          icon={<DownloadOutlined />}
          label={t('certificate.download')}
          compact={compact}
          blockedBy={row.state === 'valid' ? undefined : t('certificate.downloadOnlyValid')}
          onClick={() => void succeeded(downloadCertificatePdf(row.id, row.number))}
        />
        <Tooltip title={t('certificate.verifyHelp')}>
          <Button
            type="link"
            size="small"
            icon={<LinkOutlined />}
            href={verifyUrl(row.code)}
            target="_blank"
            rel="noopener"
            aria-label={t('certificate.verify')}
            className="certificate-verify-link"
          >
            {compact ? null : t('certificate.verify')}
          </Button>
        </Tooltip>
        {row.state === 'valid' && (
          <RowAction
            icon={<StopOutlined />}
            label={t('certificate.revoke')}
            danger
            compact={compact}
            blockedBy={mayRevoke ? undefined : t('certificate.revokeNeedsPublishing')}
            onClick={() => setRevoking(row)}
          />
        )}
      </>
    )),
  ];

  return (
    <ListPage<CertificateView, Filters>
      className="certificate-manage"
      list={{
        ...certificates,
        reset: () => {
          certificates.reset();
          choose({ examId: undefined });
        },
      }}
      searchName="certificateSearch"
      filterForm={filterForm}
      aboveTable={
        <Typography.Paragraph type="secondary" className="certificate-total">
          {t('certificate.total', { count: certificates.list.data?.total ?? 0 })}
        </Typography.Paragraph>
      }
      columns={columns}
      dialogs={
        <RejectDialog
          key={revoking?.id}
          open={revoking !== undefined}
          count={1}
          title={t('certificate.revokeDialog.title', { number: revoking?.number ?? '' })}
          okText={t('certificate.revokeDialog.confirm')}
          reason={{
            label: t('certificate.revokeDialog.reason'),
            placeholder: t('certificate.revokeDialog.placeholder'),
            required: t('certificate.revokeDialog.required'),
            max: CERTIFICATE_REASON_MAX,
          }}
          onReject={(reason) => (revoking ? revoke(revoking, reason) : Promise.resolve(false))}
          onClose={() => setRevoking(undefined)}
        />
      }
    >
      <TextFilter name="keyword" label={t('certificate.keyword')} />
      <AnalysisExamSelect
        value={examId}
        onChange={(id) => {
          choose({ examId: id });
          certificates.setQuery((query) => ({ ...query, page: 1 }));
        }}
      />
      <SelectFilter
        name="state"
        label={t('certificate.state')}
        options={CERTIFICATE_STATES.map((state) => ({
          value: state,
          label: t(`certificate.states.${state}`),
        }))}
      />
    </ListPage>
  );
}
