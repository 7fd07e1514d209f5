import { Form, Modal, type FormProps, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useFormDialog, type FormDialogOptions } from '../list/use-form-dialog';
import { reportSaveError } from '../../utils/server-error';

export interface EntityFormDialogProps<V, R> extends Omit<FormDialogOptions<V, R>, 'onRefused'> {
  open: boolean;
  /** "Add …" or "Edit …", already worded. */
  title: string;
  /** The form's name: antd builds its field ids from it (`form#classForm` in the browser tests). */
  name?: string;
  /** The row being edited as form values, or the defaults of a new one. */
  initialValues?: FormProps<V>['initialValues'];
  /** The fields a refusal may blame: the server's message goes under the field (reportSaveError). */
  blamable?: readonly string[];
  /** Another way to show a refusal; with neither, the request layer's own message is enough. */
  onRefused?: (error: unknown) => void;
  /** What this dialog changes of the shared frame: a wider width, a class name, another OK text. */
  modal?: Omit<ModalProps, 'open' | 'title' | 'children'>;
  /** What this form adds: onValuesChange for cascading selects, scrollToFirstError. */
  formProps?: Omit<FormProps<V>, 'form' | 'name' | 'initialValues' | 'onFinish' | 'children'>;
  /** Shown above the form (a note, the server's refusal). */
  header?: ReactNode;
  children: ReactNode;
}

/**
 * The dialog that adds or edits one row: a Modal holding one vertical Form. OK submits the form,
 * the save shows the saving state, a refusal is shown in the form and keeps the dialog open, a
 * save that succeeds says so and closes; closing destroys the form, so the next opening starts
 * anew from `initialValues`.
 */
export function EntityFormDialog<V, R = unknown>({
  open,
  title,
  name,
  initialValues,
  blamable,
  onRefused,
  modal,
  formProps,
  header,
  children,
  ...options
}: EntityFormDialogProps<V, R>) {
  const { form } = options;
  const dialog = useFormDialog<V, R>({
    ...options,
    onRefused: onRefused ?? (blamable && ((error) => reportSaveError(error, form, blamable))),
  });

  return (
    <Modal {...dialog.modalProps} {...modal} open={open} title={title}>
      {header}
      <Form<V>
        name={name}
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={dialog.submit}
        {...formProps}
      >
        {children}
      </Form>
    </Modal>
  );
}
