import {
  SCHEME_COMPONENT_KIND_NAMES,
  levelNamesIn,
  type CertificateComponentView,
  type CertificateFacts,
  type VerifyResult,
} from '@kaoshi/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { verifyCertificate } from '../../api/certificate';
import { ApiError } from '../../api/request';
import { PageLoading } from '../../components/PageLoading';
import { PublicCard, PublicPage } from '../../components/public-page/PublicPage';
import type { Language } from '../../i18n/types';
import { useAppStore } from '../../stores/app';
import './verify.css';

type Load =
  | { phase: 'loading' }
  | { phase: 'done'; result: VerifyResult }
  | { phase: 'failed'; message: string };

/** A day as the reader's clock reads it: 2026-03-15. */
const day = (iso: string) => {
  const at = new Date(iso);
  return [at.getFullYear(), at.getMonth() + 1, at.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');
};

type FactKey =
  | 'number'
  | 'name'
  | 'idNumber'
  | 'subject'
  | 'level'
  | 'exam'
  | 'examDate'
  | 'result'
  | 'certification'
  | 'certifiedOn'
  | 'parts'
  | 'issuedAt';

type ComponentKind = keyof typeof SCHEME_COMPONENT_KIND_NAMES;

/** A part's kind as a heading: "Theory exam", 理论知识考试. */
const kindName = (kind: string, language: Language) => {
  const name = SCHEME_COMPONENT_KIND_NAMES[kind as ComponentKind]?.[language] ?? kind;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
};

/**
 * The printed facts. A certification scheme's certificate (its parts given) names the
 * certification, the day its last part became final and each part's points, as its PDF does.
 */
function Facts({
  facts,
  components,
  language,
}: {
  facts: CertificateFacts;
  components: CertificateComponentView[];
  language: Language;
}) {
  const { t } = useTranslation();
  const level = levelNamesIn(language)[facts.level as 5 | 4 | 3 | 2 | 1] ?? String(facts.level);
  const points = (score: number, total: number) => t('verify.points', { score, total });
  // Chinese and Japanese write a full-width colon, without a space.
  const colon = language === 'zh' || language === 'ja' ? '：' : ': ';
  const lastFinal = components
    .map((part) => part.finalAt)
    .sort()
    .at(-1);
  const certified: [FactKey, string][] =
    lastFinal === undefined
      ? [
          ['exam', facts.examName],
          ['examDate', day(facts.examDate)],
          ['result', `${points(facts.score, facts.totalScore)} · ${t('verify.passed')}`],
        ]
      : [
          ['certification', facts.examName],
          ['certifiedOn', day(lastFinal)],
          [
            'parts',
            components
              .map(
                (part) =>
                  `${kindName(part.kind, language)}${colon}${points(part.score, part.fullScore)}`,
              )
              .join('\n'),
          ],
        ];
  const rows: [FactKey, string][] = [
    ['number', facts.number],
    ['name', facts.name],
    ['idNumber', facts.idNumber],
    ['subject', facts.subjectName],
    ['level', level],
    ...certified,
    ['issuedAt', day(facts.issuedAt)],
  ];
  return (
    <dl className="verify-facts" data-testid="verify-facts">
      {rows.map(([key, value]) => (
        <div key={key} className="verify-fact">
          <dt>{t(`verify.facts.${key}`)}</dt>
          <dd data-fact={key}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The public check of a certificate, opened from its QR code (no sign-in): valid, revoked or
 * unknown, with the printed facts (ID number masked by the server). Plain HTML and CSS like the
 * sign-in page: it is opened on phones by people who never use the app.
 */
export default function Verify() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const language = useAppStore((state) => state.language);
  const [load, setLoad] = useState<Load>({ phase: 'loading' });

  const [round, setRound] = useState(0);

  useEffect(() => {
    let cancelled = false;
    verifyCertificate(code).then(
      (result) => !cancelled && setLoad({ phase: 'done', result }),
      (error: unknown) => {
        if (cancelled) return;
        // A code that cannot be one (bad characters, too long) is simply not a certificate.
        if (error instanceof ApiError && (error.status === 10002 || error.status === 10003)) {
          setLoad({ phase: 'done', result: { state: 'unknown' } });
        } else {
          setLoad({
            phase: 'failed',
            message: error instanceof Error && error.message ? error.message : '',
          });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, round]);

  const retry = () => {
    setLoad({ phase: 'loading' });
    setRound((value) => value + 1);
  };

  useEffect(() => {
    document.title = `${t('verify.title')} · ${t('common.productTitle')}`;
  }, [t]);

  let body;
  if (load.phase === 'loading') {
    body = (
      <div className="verify-loading" aria-label={t('verify.loading')}>
        <PageLoading />
      </div>
    );
  } else if (load.phase === 'failed') {
    body = (
      <div className="verify-state failed" data-testid="verify-state" data-state="failed">
        <h2>{t('verify.failed')}</h2>
        {load.message && <p>{load.message}</p>}
        <button type="button" className="verify-retry" onClick={retry}>
          {t('verify.retry')}
        </button>
      </div>
    );
  } else if (load.result.state === 'unknown') {
    body = (
      <div className="verify-state unknown" data-testid="verify-state" data-state="unknown">
        <span className="verify-mark" aria-hidden="true">
          ?
        </span>
        <div>
          <h2>{t('verify.unknown')}</h2>
          <p>{t('verify.unknownHelp')}</p>
        </div>
      </div>
    );
  } else {
    const result = load.result;
    const valid = result.state === 'valid';
    body = (
      <>
        <div
          className={`verify-state ${result.state}`}
          data-testid="verify-state"
          data-state={result.state}
          role="status"
        >
          <span className="verify-mark" aria-hidden="true">
            {valid ? '✓' : '✕'}
          </span>
          <div>
            <h2>{valid ? t('verify.valid') : t('verify.revoked')}</h2>
            <p>{valid ? t('verify.validHelp') : t('verify.revokedHelp')}</p>
            {!valid && (
              <p className="verify-revocation" data-testid="verify-revocation">
                {result.revokedAt && (
                  <span>{t('verify.revokedAt', { date: day(result.revokedAt) })}</span>
                )}
                <span>
                  {t('verify.revokeReason', {
                    reason:
                      result.revokeCause === 'withdrawal'
                        ? t('verify.revokedWithdrawal')
                        : result.revokeReason,
                  })}
                </span>
              </p>
            )}
          </div>
        </div>
        <Facts facts={result.certificate} components={result.components} language={language} />
        <p className="verify-privacy">{t('verify.privacy')}</p>
      </>
    );
  }

  return (
    <PublicPage main className="verify-page">
      <PublicCard
        className="verify-card"
        title={t('verify.title')}
        subtitle={t('verify.subtitle')}
        logoSize={40}
        header
      >
        {body}
      </PublicCard>
    </PublicPage>
  );
}
