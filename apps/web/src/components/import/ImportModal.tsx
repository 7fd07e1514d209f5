import { Button, Grid, Modal, Steps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportModeStep, ImportProgressStep, ImportResultStep } from './ImportSteps';
import { IMPORT_STEPS, type ImportTexts } from './import-texts';
import type { SkippedSheet } from './skipped-rows';
import type { ImportRun } from './use-import-run';

interface ImportModalProps {
  open: boolean;
  title: string;
  texts: ImportTexts;
  run: ImportRun;
  /** Whether the first step holds something to check. */
  ready: boolean;
  onCheck: () => void;
  onRestart: () => void;
  onClose: () => void;
  className?: string;
  /** What the first step shows: where the rows come from. */
  fileStep: ReactNode;
  /** What the check found, once there is a preview. */
  previewStep: ReactNode;
  /** How many rows were written of each kind, once the import is done. */
  resultText: string | undefined;
  /** The rows the import leaves out, with why (from the preview). */
  skipped?: SkippedSheet;
  /** More of the result, under it (the question import's draft paper). */
  resultExtra?: ReactNode;
}

/**
 * An import's dialog: the steps on top, the buttons that walk them below, and the steps every
 * import shares (mode, progress, result); the caller gives the file and preview steps. It cannot be
 * closed while rows are being written.
 */
export function ImportModal({
  open,
  title,
  texts,
  run,
  ready,
  onCheck,
  onRestart,
  onClose,
  className,
  fileStep,
  previewStep,
  resultText,
  skipped,
  resultExtra,
}: ImportModalProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { step, setStep, preview, mode } = run;

  const footer = () => {
    switch (step) {
      case 'file':
        return [
          <Button key="cancel" onClick={onClose}>
            {t('common.cancel')}
          </Button>,
          <Button
            key="check"
            type="primary"
            disabled={!ready}
            loading={run.checking}
            onClick={onCheck}
          >
            {t(`${texts}.check`)}
          </Button>,
        ];
      case 'preview':
        return [
          <Button key="back" onClick={() => setStep('file')}>
            {t(`${texts}.back`)}
          </Button>,
          <Button
            key="next"
            type="primary"
            disabled={!preview || preview.total === 0}
            onClick={() => setStep('mode')}
          >
            {t(`${texts}.next`)}
          </Button>,
        ];
      case 'mode': {
        const blocked =
          !preview || preview.valid === 0 || (mode === 'allOrNothing' && preview.invalid > 0);
        return [
          <Button key="back" onClick={() => setStep('preview')}>
            {t(`${texts}.back`)}
          </Button>,
          <Button key="start" type="primary" disabled={blocked} onClick={() => void run.start()}>
            {t(`${texts}.start`)}
          </Button>,
        ];
      }
      case 'progress':
        return null;
      case 'result':
        return [
          <Button key="again" onClick={onRestart}>
            {t(`${texts}.again`)}
          </Button>,
          <Button key="close" type="primary" onClick={onClose}>
            {t(`${texts}.close`)}
          </Button>,
        ];
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={{ xs: '100%', sm: 640, lg: 960 }}
      footer={footer()}
      onCancel={onClose}
      closable={step !== 'progress'}
      mask={{ closable: false }}
      keyboard={step !== 'progress'}
      destroyOnHidden
      className={className}
    >
      <Steps
        current={IMPORT_STEPS.indexOf(step)}
        size="small"
        // A phone keeps the steps in one line, naming only the current one.
        responsive={false}
        style={{ marginBottom: 20 }}
        items={IMPORT_STEPS.map((key) => ({
          title: screens.sm || key === step ? t(`${texts}.steps.${key}`) : undefined,
          status: key === 'mode' && run.failed ? 'error' : undefined,
        }))}
      />
      {step === 'file' && fileStep}
      {step === 'preview' && previewStep}
      {step === 'mode' && <ImportModeStep texts={texts} run={run} />}
      {step === 'progress' && <ImportProgressStep texts={texts} run={run} />}
      {step === 'result' && resultText !== undefined && (
        <ImportResultStep
          texts={texts}
          subTitle={resultText}
          skipped={mode === 'skipInvalid' ? skipped : undefined}
        />
      )}
      {step === 'result' && resultExtra}
    </Modal>
  );
}
