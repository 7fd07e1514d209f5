import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { succeeded } from '../../utils/succeeded';

interface DeleteRequest {
  title: string;
  /** What is deleted, as the confirmation names it. */
  name: string;
  remove: () => Promise<unknown>;
  /** After the delete succeeded (e.g. useListPage's afterDelete); the dialog waits for it. */
  onDeleted: () => void | Promise<void>;
}

/**
 * Asks before deleting a row; a success is said, a refusal is shown by the request layer with
 * the server's message.
 */
export function useDeleteConfirmation() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return useCallback(
    ({ title, name, remove, onDeleted }: DeleteRequest) =>
      modal.confirm({
        title,
        content: t('common.deleteConfirm', { name }),
        okText: t('common.delete'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: async () => {
          if (!(await succeeded(remove()))) return;
          message.success(t('common.deleted'));
          await onDeleted();
        },
      }),
    [message, modal, t],
  );
}
