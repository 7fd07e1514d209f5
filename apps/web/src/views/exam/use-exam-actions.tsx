import type { ExamListItem, ExamPublishCheck } from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteExam, publishExam, unpublishExam } from '../../api/exam';
import { CandidateCheck } from '../../components/exam/CandidateCheck';
import { examKeys } from '../../components/exam/exam-routes';

type Named = Pick<ExamListItem, 'id' | 'name'>;

/**
 * Publishing, unpublishing and deleting an exam, each after a confirmation, from the list or the
 * details. A refusal is the request layer's toast (the server's words); the lists reload either way.
 */
export function useExamActions() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: examKeys.all });

  /** Whom a published exam is for, and the overlaps to know about. */
  const showPublished = (title: string, check: ExamPublishCheck, onOk?: () => void) =>
    (check.overlapTotal > 0 ? modal.warning : modal.success)({
      title,
      content: <CandidateCheck check={check} />,
      okText: t('common.ok'),
      width: 560,
      className: 'exam-published-dialog',
      onOk,
    });

  const publish = (exam: Named, after?: () => void) =>
    modal.confirm({
      title: t('exam.actions.publishTitle', { name: exam.name }),
      content: t('exam.actions.publishText'),
      okText: t('exam.actions.publish'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        let check: ExamPublishCheck;
        try {
          check = await publishExam(exam.id);
        } catch {
          return;
        } finally {
          void refresh();
        }
        showPublished(t('exam.actions.published', { name: exam.name }), check, after);
      },
    });

  const unpublish = (exam: Named) =>
    modal.confirm({
      title: t('exam.actions.unpublishTitle', { name: exam.name }),
      content: t('exam.actions.unpublishText'),
      okText: t('exam.actions.unpublish'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await unpublishExam(exam.id);
        } catch {
          return;
        } finally {
          void refresh();
        }
        message.success(t('exam.actions.unpublished'));
      },
    });

  const remove = (exam: Named, after?: () => void) =>
    modal.confirm({
      title: t('exam.actions.deleteTitle'),
      content: t('common.deleteConfirm', { name: exam.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteExam(exam.id);
        } catch {
          return;
        } finally {
          void refresh();
        }
        message.success(t('common.deleted'));
        after?.();
      },
    });

  return { publish, unpublish, remove, showPublished };
}
