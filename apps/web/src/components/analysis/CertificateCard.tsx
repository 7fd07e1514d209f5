import { DownloadOutlined, LinkOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type MyCertificateView, type SchemeComponentKind } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCertificatePdf, myCertificates } from '../../api/certificate';
import { succeeded } from '../../utils/succeeded';
import { CertificateStateTag } from './CertificateStateTag';
import { certificateKeys, verifyUrl } from './certificate-paths';

/**
 * The signed-in student's certificates (revoked ones too), fetched once for every place. Quiet:
 * where they cannot be read, the places that show them simply show none.
 */
export const useMyCertificates = () =>
  useQuery({ queryKey: certificateKeys.mine, queryFn: () => myCertificates({ quiet: true }) });

/**
 * A student's certificate: its number and state, the PDF to download while it is valid, the
 * public check its QR code opens, and the scheme parts' scores when it has them (issue 26 §4).
 */
export function CertificateCard({
  certificate,
  showExam = false,
}: {
  certificate: MyCertificateView;
  /** Name the exam (a list of several); a result page names it already. */
  showExam?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const valid = certificate.state === 'valid';
  // A scheme's certificate is named everywhere: it certifies the job type and level (its name),
  // not the theory exam whose result page shows it, and its parts' scores follow below.
  const named = showExam || certificate.components.length > 0;
  const download = async () => {
    setBusy(true);
    try {
      await succeeded(downloadCertificatePdf(certificate.id, certificate.number));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" className="certificate-card" data-certificate={certificate.number}>
      <Flex gap={12} align="center" wrap justify="space-between">
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          <SafetyCertificateOutlined
            style={{ fontSize: 28, color: valid ? '#00a896' : '#bfbfbf' }}
            aria-hidden
          />
          <Flex vertical style={{ minWidth: 0 }}>
            {named && (
              <Typography.Text strong className="certificate-name">
                {certificate.examName}
              </Typography.Text>
            )}
            <Flex gap={8} align="center" wrap>
              <Typography.Text>
                {t('certificate.mine.number', { number: certificate.number })}
              </Typography.Text>
              <CertificateStateTag certificate={certificate} />
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {valid
                ? t('certificate.mine.issued', {
                    date: dayjs(certificate.issuedAt).format('YYYY-MM-DD'),
                  })
                : t('certificate.mine.revoked')}
            </Typography.Text>
          </Flex>
        </Flex>
        <Flex gap={8} wrap>
          {valid && (
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={busy}
              onClick={() => void download()}
              className="certificate-download"
            >
              {t('certificate.mine.download')}
            </Button>
          )}
          <Button
            icon={<LinkOutlined />}
            href={verifyUrl(certificate.code)}
            target="_blank"
            rel="noopener"
            title={t('certificate.verifyHelp')}
          >
            {t('certificate.verify')}
          </Button>
        </Flex>
      </Flex>
      {certificate.components.length > 0 && (
        <Flex
          gap={4}
          wrap
          className="certificate-components"
          aria-label={t('certification.results.componentScores')}
          style={{ marginTop: 8 }}
        >
          {certificate.components.map((part) => (
            <Tag key={part.kind} color="green" style={{ marginInlineEnd: 0 }}>
              {t(`certification.kinds.${part.kind as SchemeComponentKind}`)} {part.score}/
              {part.fullScore}
            </Tag>
          ))}
        </Flex>
      )}
    </Card>
  );
}
