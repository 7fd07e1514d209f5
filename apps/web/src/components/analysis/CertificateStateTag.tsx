import type { CertificateView, MyCertificateView } from '@kaoshi/shared';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { localTime } from '../exam/exam-format';

/**
 * Valid or revoked; a revoked one says when, by whom and why on hover (a withdrawal of the
 * exam's scores names its cause instead of a reason).
 */
export function CertificateStateTag({
  certificate,
}: {
  certificate: MyCertificateView | CertificateView;
}) {
  const { t } = useTranslation();
  if (certificate.state === 'valid') {
    return (
      <Tag color="success" data-state="valid" style={{ marginInlineEnd: 0 }}>
        {t('certificate.states.valid')}
      </Tag>
    );
  }
  const date = certificate.revokedAt ? localTime(certificate.revokedAt) : '';
  const by = 'revokedBy' in certificate ? certificate.revokedBy : '';
  const lines = [
    by ? t('certificate.revokedBy', { date, name: by }) : t('certificate.revokedOn', { date }),
    certificate.revokeCause === 'withdrawal'
      ? t('certificate.withdrawal')
      : t('certificate.reason', { reason: certificate.revokeReason }),
  ];
  return (
    <Tooltip
      title={lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    >
      <Tag color="error" data-state="revoked" tabIndex={0} style={{ marginInlineEnd: 0 }}>
        {t('certificate.states.revoked')}
      </Tag>
    </Tooltip>
  );
}
