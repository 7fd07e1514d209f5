import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useFormDialog, type FormDialogOptions } from '../list/use-form-dialog';
import type { CallOptions } from '../../api/request';
import { reportSaveError } from '../../utils/server-error';

/** What a list page passes each of its dialogs: whether it is open and how to close it. */
export interface EntityDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The add and update calls of one kind of row (the api/ client's). */
interface SaveCalls<I, A, U> {
  add: (input: I, options?: CallOptions) => Promise<A>;
  update: (id: number, input: I, options?: CallOptions) => Promise<U>;
}

/**
 * The save of an entity form: the row's update when editing one, else an addition. Quiet: the
 * dialog shows a refusal in the form (refused="form").
 */
export const addOrUpdate = <I, A, U>(
  row: { id: number } | undefined,
  input: I,
  calls: SaveCalls<I, A, U>,
) => (row ? calls.update(row.id, input, { quiet: true }) : calls.add(input, { quiet: true }));

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
