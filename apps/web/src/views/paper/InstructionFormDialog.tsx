import {
  INSTRUCTION_READ_SECONDS_MAX,
  INSTRUCTION_TITLE_MAX,
  type InstructionInput,
  type InstructionView,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { addInstruction, updateInstruction } from '../../api/paper';
import {
  EntityFormDialog,
  addOrUpdate,
  type EntityDialogProps,
} from '../../components/form/EntityFormDialog';
import { SwitchField } from '../../components/form/fields';
import { RichEditor, clearEditorDraft } from '../../components/RichEditor/LazyRichEditor';
import { InstructionJobTypesSelect } from './InstructionJobTypesSelect';
import { instructionKeys } from '../../components/paper/paper-routes';

type Scope = 'all' | 'chosen';

interface InstructionFormValues {
  title: string;
  body: string;
  scope: Scope;
  subjectIds: number[];
  minReadSeconds: number | null;
  enabled: boolean;
}

/** The editor needs room; the whole width on a phone. */
const DIALOG_WIDTH = { xs: '100%', md: 760, xl: 900 };
/** Drafts of a new notice survive a closed tab (the editor's own autosave). */
const DRAFT_KEY = 'instruction-new';

const toFormValues = (instruction: InstructionView | undefined): InstructionFormValues =>
  instruction
    ? {
        title: instruction.title,
        body: instruction.body,
        scope: instruction.allSubjects ? 'all' : 'chosen',
        subjectIds: instruction.subjectIds,
        minReadSeconds: instruction.minReadSeconds,
        enabled: instruction.enabled,
      }
    : { title: '', body: '', scope: 'all', subjectIds: [], minReadSeconds: 0, enabled: true };

const toInput = (values: InstructionFormValues): InstructionInput => ({
  title: values.title.trim(),
  body: values.body,
  allSubjects: values.scope === 'all',
  subjectIds: values.scope === 'all' ? [] : values.subjectIds,
  minReadSeconds: values.minReadSeconds ?? 0,
  enabled: values.enabled,
});

interface InstructionFormDialogProps extends EntityDialogProps {
  /** The notice to edit; none to add one. */
  instruction?: InstructionView;
}

/** Adds or edits an exam notice: title, rich text, the job types it is for, reading time. */
export function InstructionFormDialog({ instruction, ...dialog }: InstructionFormDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InstructionFormValues>();
  const scope =
    Form.useWatch('scope', form) ?? (instruction?.allSubjects === false ? 'chosen' : 'all');

  const save = useMutation({
    mutationFn: (values: InstructionFormValues) =>
      addOrUpdate(instruction, toInput(values), { add: addInstruction, update: updateInstruction }),
    onSuccess: () => {
      if (!instruction) clearEditorDraft(DRAFT_KEY);
      return queryClient.invalidateQueries({ queryKey: instructionKeys.all });
    },
  });

  return (
    <EntityFormDialog
      {...dialog}
      title={t(instruction ? 'instruction.form.editTitle' : 'instruction.form.addTitle')}
      name="instructionForm"
      form={form}
      initialValues={toFormValues(instruction)}
      save={save}
      savedMessage={t(instruction ? 'common.saved' : 'instruction.form.added')}
      refused="form"
      modal={{
        width: DIALOG_WIDTH,
        mask: { closable: false },
        className: 'instruction-form-dialog',
      }}
      formProps={{ scrollToFirstError: true }}
    >
      <Form.Item
        name="title"
        label={t('instruction.fields.title')}
        rules={[
          { required: true, whitespace: true, message: t('instruction.rules.title') },
          {
            max: INSTRUCTION_TITLE_MAX,
            message: t('instruction.rules.titleLength', { max: INSTRUCTION_TITLE_MAX }),
          },
        ]}
      >
        <Input
          maxLength={INSTRUCTION_TITLE_MAX}
          autoComplete="off"
          placeholder={t('instruction.form.titlePlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="body"
        label={t('instruction.fields.body')}
        rules={[{ required: true, message: t('instruction.rules.body') }]}
      >
        <RichEditor
          minHeight={200}
          autosaveKey={instruction ? undefined : DRAFT_KEY}
          aria-label={t('instruction.fields.body')}
          placeholder={t('instruction.form.bodyPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="scope" label={t('instruction.fields.scope')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'all', label: t('instruction.scope.all') },
            { value: 'chosen', label: t('instruction.scope.chosen') },
          ]}
        />
      </Form.Item>
      {scope === 'chosen' && (
        <Form.Item
          name="subjectIds"
          label={t('instruction.fields.jobTypes')}
          rules={[{ required: true, type: 'array', message: t('instruction.rules.jobTypes') }]}
        >
          <InstructionJobTypesSelect />
        </Form.Item>
      )}
      <Row gutter={24}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="minReadSeconds"
            label={t('instruction.fields.minReadSeconds')}
            extra={t('instruction.form.readHelp')}
            rules={[
              {
                type: 'integer',
                min: 0,
                max: INSTRUCTION_READ_SECONDS_MAX,
                message: t('instruction.rules.readSeconds', {
                  max: INSTRUCTION_READ_SECONDS_MAX,
                }),
              },
            ]}
          >
            <InputNumber
              min={0}
              max={INSTRUCTION_READ_SECONDS_MAX}
              step={10}
              precision={0}
              style={{ width: '100%' }}
              suffix={t('instruction.form.seconds')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <SwitchField
            name="enabled"
            label={t('instruction.fields.enabled')}
            extra={t('instruction.form.enabledHelp')}
          />
        </Col>
      </Row>
    </EntityFormDialog>
  );
}
