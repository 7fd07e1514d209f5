import { App, type FormInstance, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from './responsive';

interface FormDialogOptions<V> {
  form: FormInstance<V>;
  /** The save call (a mutation: its cache updates stay with the dialog that owns them). */
  save: { mutateAsync: (values: V) => Promise<unknown>; isPending: boolean };
  /** The toast after a save ("saved", or "added" for a new one). */
  savedMessage: string;
  /**
   * Shows why the server refused, e.g. under the field it blames; the dialog stays open. None:
   * the request layer's own message is enough.
   */
  onRefused?: (error: unknown) => void;
  onClose: () => void;
}

/**
 * A dialog holding one form: OK submits the form, the form's onFinish saves, and a save that
 * succeeds says so and closes. Spread `modalProps` on the Modal (it still sets open and title)
 * and pass `submit` as the Form's onFinish.
 */
export function useFormDialog<V>({
  form,
  save,
  savedMessage,
  onRefused,
  onClose,
}: FormDialogOptions<V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const saveAndClose = async (values: V) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      onRefused?.(error);
      return;
    }
    message.success(savedMessage);
    onClose();
  };

  const modalProps: ModalProps = {
    width: MODAL_WIDTH,
    okText: t('common.save'),
    cancelText: t('common.cancel'),
    confirmLoading: save.isPending,
    onOk: () => form.submit(),
    onCancel: onClose,
    destroyOnHidden: true,
  };

  return { modalProps, submit: (values: V) => void saveAndClose(values) };
}
