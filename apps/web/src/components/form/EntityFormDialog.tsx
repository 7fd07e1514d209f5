import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
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
  /**
   * Where a refusal is shown. 'form', for a quiet save: under the form's field the server blames,
   * else as a toast (reportSaveError). A function: its own way. None: the request layer has
   * shown it already.
   */
  refused?: 'form' | ((error: unknown) => void);
  /** What this dialog changes of the shared frame: a wider width, a class name, another OK text. */
  modal?: Omit<ModalProps, 'open' | 'title' | 'children'>;
  /** What this form adds: onValuesChange for cascading selects, scrollToFirstError. */
  formProps?: Omit<FormProps<V>, 'form' | 'name' | 'initialValues' | 'onFinish' | 'children'>;
  /** Shown above the form (a note, the server's refusal). */
  header?: ReactNode;
  children: ReactNode;
}

/** The names of the fields the form shows (a nested one as `markers.3`). */
const fieldNames = (form: FormInstance) => form.getFieldsError().map(({ name }) => name.join('.'));

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
  refused,
  modal,
  formProps,
  header,
  children,
  ...options
}: EntityFormDialogProps<V, R>) {
  const { form } = options;
  const dialog = useFormDialog<V, R>({
    ...options,
    onRefused:
      refused === 'form' ? (error) => reportSaveError(error, form, fieldNames(form)) : refused,
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
