import { CloudUploadOutlined, UploadOutlined } from '@ant-design/icons';
import { ANSWER_FILE_EXTENSION, type AnswerFileResult } from '@kaoshi/shared';
import { Alert, Button, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadAnswerFile } from '../../api/answer-file';
import { RowAction } from '../list/RowAction';
import { MODAL_WIDTH } from '../list/responsive';

/**
 * The invigilator uploads a candidate's encrypted answer file (docs/features/answer-file.md):
 * a row action opening a file picker, then what the server did with it: applied, already there,
 * refused with the reason of each. A refusal of the whole file is the request layer's toast.
 */
export function AnswerFileUpload({
  examId,
  studentId,
  name,
}: {
  examId: number;
  studentId: number;
  name: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AnswerFileResult | null>(null);

  const send = async (file: File) => {
    setBusy(true);
    setResult(null);
    try {
      const content = await file.text();
      setResult(await uploadAnswerFile({ examId, studentId, fileName: file.name, content }));
    } catch {
      // The server's words are shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <RowAction
        icon={<CloudUploadOutlined />}
        label={t('proctor.answerFile.action')}
        compact
        onClick={() => {
          setResult(null);
          setOpen(true);
        }}
      />
      <Modal
        open={open}
        width={MODAL_WIDTH}
        title={t('proctor.answerFile.title', { name })}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">
            {t('proctor.answerFile.intro')}
          </Typography.Paragraph>
          <Upload
            accept={ANSWER_FILE_EXTENSION}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="answer-file-choose">
              {busy ? t('proctor.answerFile.uploading') : t('proctor.answerFile.choose')}
            </Button>
          </Upload>
          {result && <AnswerFileSummary result={result} />}
        </Space>
      </Modal>
    </>
  );
}

/** What the upload did: applied, already on the server, refused (each with its reason). */
function AnswerFileSummary({ result }: { result: AnswerFileResult }) {
  const { t } = useTranslation();
  const lines = [
    result.applied > 0
      ? t('proctor.answerFile.applied', { count: result.applied })
      : t('proctor.answerFile.nothingNew'),
    ...(result.ignored > 0 ? [t('proctor.answerFile.ignored', { count: result.ignored })] : []),
    ...(result.rescored ? [t('proctor.answerFile.rescored')] : []),
    ...(result.events > 0 ? [t('proctor.answerFile.events', { count: result.events })] : []),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="answer-file-result">
      <Alert
        type={result.applied > 0 ? 'success' : 'info'}
        showIcon
        title={lines[0]}
        description={lines.length > 1 ? lines.slice(1).join(' · ') : undefined}
      />
      {result.refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('proctor.answerFile.refused', { count: result.refused.length })}
          description={
            <ul className="answer-file-refused">
              {result.refused.map((refusal) => (
                <li key={`${refusal.itemId}/${refusal.seq}`}>
                  {t('proctor.answerFile.question', { itemId: refusal.itemId })}: {refusal.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}
