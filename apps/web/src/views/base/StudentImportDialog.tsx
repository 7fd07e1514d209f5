import {
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_MAX_BYTES,
  type StudentImportColumn,
  type StudentImportPreview,
  type StudentImportPreviewRow,
  type StudentImportResult,
  formatFileSize,
} from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Flex, Grid, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyStudentImport,
  downloadStudentTemplate,
  previewStudentImport,
} from '../../api/student-import';
import { ImportModal } from '../../components/import/ImportModal';
import { ImportExcelFile, ImportPreviewStep } from '../../components/import/ImportSteps';
import { useImportRun } from '../../components/import/use-import-run';
import { currentLanguage } from '../../i18n';
import { succeeded } from '../../utils/succeeded';
import { baseKeys } from '../../components/knowledge/queries';
import { fileProblem } from '../../components/import/import-helpers';

/** The columns the preview table shows, beside the row number, action and problems. */
const SHOWN_COLUMNS: readonly StudentImportColumn[] = STUDENT_IMPORT_COLUMNS;

interface StudentImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Importing students from an .xlsx file: choose the file (with the template at hand), check it
 * (every row with its action or its errors), choose what to do with bad rows, watch the rows being
 * written, see the result. Nothing is written before the last choice.
 */
export function StudentImportDialog({ open, onClose }: StudentImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const run = useImportRun<File, StudentImportPreview, StudentImportResult>({
    preview: previewStudentImport,
    apply: applyStudentImport,
    onImported: () => void queryClient.invalidateQueries({ queryKey: baseKeys.students }),
  });
  const { preview, result } = run;
  const [file, setFile] = useState<File>();
  const maxSize = formatFileSize(STUDENT_IMPORT_MAX_BYTES);
  // The template's own headers in the language it is downloaded in: the preview reads like the file.
  const headers = STUDENT_IMPORT_HEADERS[currentLanguage()];

  const chooseFile = (chosen: File) => {
    const problem = fileProblem(chosen, STUDENT_IMPORT_MAX_BYTES);
    if (problem === 'wrongType') message.error(t('base.import.wrongType'));
    else if (problem === 'tooLarge') {
      message.error(t('base.import.tooLarge', { size: formatFileSize(chosen.size), max: maxSize }));
    } else {
      setFile(chosen);
      run.clearPreview();
    }
    // Never uploaded by the component itself: the file is sent by the calls below.
    return Upload.LIST_IGNORE;
  };

  const restart = () => {
    run.restart();
    setFile(undefined);
  };

  const errorText = (row: StudentImportPreviewRow) =>
    row.errors.map((error) => ({
      key: `${error.column}-${error.code}`,
      text: `${headers[error.column]}: ${t(`base.import.errors.${error.code}`)}`,
    }));

  const columns: TableColumnsType<StudentImportPreviewRow> = [
    { title: t('base.import.row'), dataIndex: 'row', width: 64, fixed: 'left' },
    {
      title: t('base.import.action'),
      key: 'action',
      width: 90,
      render: (_, row) =>
        row.action === 'create' ? (
          <Tag color="success">{t('base.import.actions.create')}</Tag>
        ) : row.action === 'update' ? (
          <Tag color="processing">{t('base.import.actions.update')}</Tag>
        ) : (
          <Tag color="error">{t('base.import.actions.none')}</Tag>
        ),
    },
    {
      title: t('base.import.problems'),
      key: 'problems',
      width: 260,
      render: (_, row) =>
        row.errors.length === 0 ? null : (
          <Flex vertical gap={2} className="import-row-errors">
            {errorText(row).map((error) => (
              <Typography.Text key={error.key} type="danger" style={{ fontSize: 12 }}>
                {error.text}
              </Typography.Text>
            ))}
          </Flex>
        ),
    },
    ...SHOWN_COLUMNS.map((column) => ({
      title: headers[column],
      key: column,
      render: (_: unknown, row: StudentImportPreviewRow) => {
        const bad = row.errors.some((error) => error.column === column);
        const value = row.values[column];
        return bad ? (
          <Typography.Text type="danger" strong>
            {value === '' ? '∅' : value}
          </Typography.Text>
        ) : (
          value
        );
      },
    })),
  ];

  return (
    <ImportModal
      open={open}
      title={t('base.import.title')}
      texts="base.import"
      run={run}
      ready={file !== undefined}
      onCheck={() => void run.check(file)}
      onRestart={restart}
      onClose={onClose}
      fileStep={
        <Flex vertical gap={16} className="import-step-file">
          <ImportExcelFile
            texts="base.import"
            file={file}
            maxSize={maxSize}
            onDownloadTemplate={() => succeeded(downloadStudentTemplate(currentLanguage()))}
            beforeUpload={chooseFile}
          />
        </Flex>
      }
      previewStep={
        preview && (
          <ImportPreviewStep<StudentImportPreviewRow>
            texts="base.import"
            run={run}
            counts={[
              { key: 'total', title: t('base.import.counts.total'), value: preview.total },
              { key: 'valid', title: t('base.import.counts.valid'), value: preview.valid },
              { key: 'invalid', title: t('base.import.counts.invalid'), value: preview.invalid },
              { key: 'creates', title: t('base.import.counts.creates'), value: preview.creates },
              { key: 'updates', title: t('base.import.counts.updates'), value: preview.updates },
            ]}
            countCol={{ xs: 8, sm: 4, style: { flex: screens.sm ? 1 : undefined } }}
            rows={preview.rows}
            columns={columns}
            isBad={(row) => row.errors.length > 0}
            onlyBadId="import-only-bad"
          />
        )
      }
      resultText={result && t('base.import.resultText', { ...result })}
      skipped={
        preview && {
          header: [
            ...SHOWN_COLUMNS.map((column) => headers[column]),
            t('base.import.row'),
            t('base.import.problems'),
          ],
          rows: preview.rows
            .filter((row) => row.errors.length > 0)
            .map((row) => [
              ...SHOWN_COLUMNS.map((column) => row.values[column]),
              String(row.row),
              errorText(row)
                .map((error) => error.text)
                .join('\n'),
            ]),
        }
      }
    />
  );
}
