import { App, type FormInstance, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from './responsive';

export interface FormDialogOptions<V, R = unknown> {
  form: FormInstance<V>;
  /** The save call (a mutation: its cache updates stay with the dialog that owns them). */
  save: { mutateAsync: (values: V) => Promise<R>; isPending: boolean };
  /**
   * The toast after a save ("saved", or "added" for a new one); a function when it quotes what
   * the server answered (the new ticket number, how many were moved).
   */
  savedMessage: string | ((result: R) => string);
  /**
   * Shows why the server refused, e.g. under the field it blames; the dialog stays open. None:
   * the request layer's own message is enough.
   */
  onRefused?: (error: unknown) => void;
  /** What follows a save once the dialog is closed (a note of the new password, a reload). */
  onSaved?: (result: R, values: V) => void;
  onClose: () => void;
}

/**
 * A dialog holding one form: OK submits the form, the form's onFinish saves, and a save that
 * succeeds says so and closes. Spread `modalProps` on the Modal (it still sets open and title)
 * and pass `submit` as the Form's onFinish.
 */
export function useFormDialog<V, R = unknown>({
  form,
  save,
  savedMessage,
  onRefused,
  onSaved,
  onClose,
}: FormDialogOptions<V, R>) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const saveAndClose = async (values: V) => {
    let result: R;
    try {
      result = await save.mutateAsync(values);
    } catch (error) {
      onRefused?.(error);
      return;
    }
    message.success(typeof savedMessage === 'function' ? savedMessage(result) : savedMessage);
    onClose();
    onSaved?.(result, values);
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
