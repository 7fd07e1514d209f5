import {
  IdType,
  ID_TYPES,
  STUDENT_NAME_MAX,
  type IdTypeCode,
  type StudentView,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Avatar,
  Col,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { addStudent, updateStudent, type CreatedStudent, type StudentInput } from '../../api/base';
import {
  EntityFormDialog,
  addOrUpdate,
  type EntityDialogProps,
} from '../../components/form/EntityFormDialog';
import { TextField } from '../../components/form/fields';
import { useBatchOptions, useLevelLabel } from '../../components/structure';
import { InitialPasswordList } from './InitialPasswordList';
import { baseKeys } from '../../components/knowledge/queries';
import { GENDER_KEYS, ID_TYPE_KEYS, idNumberError, isMobilePhone } from './student-rules';
import { useBatchFields } from './use-base-fields';
import { useFieldRules } from '../../components/form/use-field-rules';

interface StudentFormValues {
  name: string;
  gender: number;
  idType: IdTypeCode;
  idNumber: string;
  phone?: string;
  email?: string;
  schoolId?: number;
  departmentId?: number;
  subjectId?: number;
  classId: number;
  photo?: string;
  enabled: boolean;
}

/** Two columns of fields from a tablet on; a phone gets the whole width (as MODAL_WIDTH). */
const WIDE_MODAL_WIDTH = { xs: '100%', sm: 560, md: 720 };
/** Mirrors the shared photo rule (packages/shared/src/schemas/base.ts). */
const PHOTO_PATTERN = /^(https?:\/\/|\/)\S*$/i;

const toFormValues = (student: StudentView | undefined): Partial<StudentFormValues> =>
  student
    ? {
        name: student.name,
        gender: student.gender,
        idType: student.idType as IdTypeCode,
        idNumber: student.idNumber,
        phone: student.phone,
        email: student.email,
        schoolId: student.schoolId,
        departmentId: student.departmentId,
        subjectId: student.subjectId,
        classId: student.classId,
        photo: student.photo,
        enabled: student.status === 1,
      }
    : { gender: 0, idType: IdType.RESIDENT_ID, enabled: true };

const toInput = (values: StudentFormValues): StudentInput => ({
  name: values.name.trim(),
  gender: values.gender,
  idType: values.idType,
  idNumber: values.idNumber.trim().toUpperCase(),
  phone: values.phone?.trim() ?? '',
  email: values.email?.trim() ?? '',
  classId: values.classId,
  photo: values.photo?.trim() ?? '',
  status: values.enabled ? 1 : 0,
});

interface StudentFormModalProps extends EntityDialogProps {
  /** The student to edit; none to add one. */
  student?: StudentView;
}

export function StudentFormModal({ student, ...dialog }: StudentFormModalProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const levelLabel = useLevelLabel();
  const [form] = Form.useForm<StudentFormValues>();
  const rules = useFieldRules('base');
  const batch = useBatchFields(form);
  const classId = Form.useWatch('classId', form);
  const idType = Form.useWatch('idType', form) ?? IdType.RESIDENT_ID;
  const photo = Form.useWatch('photo', form);
  const name = Form.useWatch('name', form);
  const batches = useBatchOptions(batch.subjectId, undefined);
  const level = batches.data?.find((batch) => batch.id === classId)?.level;

  const save = useMutation({
    mutationFn: (values: StudentFormValues) =>
      addOrUpdate(student, toInput(values), { add: addStudent, update: updateStudent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baseKeys.students }),
  });

  /** A new student's ticket number and first password are shown once, after the save. */
  const showInitialPassword = (created: CreatedStudent | null, values: StudentFormValues) => {
    if (!created) return;
    modal.info({
      title: t('base.student.initialPasswordsTitle'),
      width: 640,
      content: (
        <InitialPasswordList
          accounts={[
            {
              ticketNumber: created.ticketNumber,
              name: values.name.trim(),
              initialPassword: created.initialPassword,
            },
          ]}
        />
      ),
    });
  };
  const idKey = ID_TYPE_KEYS[idType];
  const half = { xs: 24, sm: 12 };

  return (
    <EntityFormDialog
      {...dialog}
      title={t(student ? 'base.student.edit' : 'base.student.add')}
      name="studentForm"
      form={form}
      initialValues={toFormValues(student)}
      save={save}
      savedMessage={(created) =>
        created ? t('base.student.added', { ticket: created.ticketNumber }) : t('common.saved')
      }
      refused="form"
      onSaved={showInitialPassword}
      modal={{ width: WIDE_MODAL_WIDTH }}
      formProps={{ onValuesChange: batch.onValuesChange }}
    >
      {!student && (
        <Alert
          type="info"
          showIcon
          title={t('base.student.defaultPasswordNote')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item label={t('base.student.ticketNumber')} extra={t('base.student.ticketHelp')}>
        {student ? (
          <Typography.Text copyable strong className="ticket-number">
            {student.ticketNumber}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('base.student.ticketOnSave')}</Typography.Text>
        )}
      </Form.Item>
      <Row gutter={16}>
        <Col {...half}>
          <TextField
            name="name"
            label={t('base.student.name')}
            max={STUDENT_NAME_MAX}
            rules={[rules.required(t('base.student.name')), rules.maxLength(STUDENT_NAME_MAX)]}
          />
        </Col>
        <Col {...half}>
          <Form.Item name="gender" label={t('base.student.gender')}>
            <Radio.Group
              options={Object.entries(GENDER_KEYS).map(([code, key]) => ({
                value: Number(code),
                label: t(`base.student.genders.${key}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="idType" label={t('base.student.idType')}>
            <Select
              options={ID_TYPES.map((code) => ({
                value: code,
                label: t(`base.student.idTypes.${ID_TYPE_KEYS[code]}`),
              }))}
              onChange={() => {
                if (form.getFieldValue('idNumber')) {
                  void form.validateFields(['idNumber']).catch(() => undefined);
                }
              }}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="idNumber"
            label={t('base.student.idNumber')}
            extra={t(`base.student.idHelp.${idKey}`)}
            dependencies={['idType']}
            rules={[
              rules.required(t('base.student.idNumber')),
              {
                validator: (_, value?: string) => {
                  const problem = idNumberError(idType, value ?? '');
                  if (!problem) return Promise.resolve();
                  const text =
                    problem.key === 'format'
                      ? t(`base.student.idRules.format.${problem.type}`)
                      : problem.key === 'checksum'
                        ? t('base.student.idRules.checksum', { expected: problem.expected })
                        : t('base.student.idRules.birthDate');
                  return Promise.reject(new Error(text));
                },
              },
            ]}
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="phone"
            label={t('base.student.phone')}
            rules={[
              {
                validator: (_, value?: string) =>
                  isMobilePhone(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('base.student.phoneRule'))),
              },
            ]}
          >
            <Input maxLength={11} inputMode="tel" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <TextField
            name="email"
            label={t('base.student.email')}
            type="email"
            max={100}
            rules={[{ type: 'email', message: t('base.rules.email') }, rules.maxLength(100)]}
          />
        </Col>
        {batch.items.map((item) => (
          <Col {...half} key={item.key}>
            {item}
          </Col>
        ))}
        <Col {...half}>
          <Form.Item label={t('base.student.level')} extra={t('base.student.levelFromBatch')}>
            <Typography.Text>
              {level === undefined ? t('codes.none') : levelLabel(level)}
            </Typography.Text>
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="enabled" label={t('base.student.status')} valuePropName="checked">
            <Switch
              checkedChildren={t('base.student.statuses.enabled')}
              unCheckedChildren={t('base.student.statuses.disabled')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={t('base.student.photo')}
        extra={t('base.student.photoHelp')}
        style={{ marginBottom: 0 }}
      >
        <Flex gap={12} align="center">
          <Avatar size={48} src={photo && PHOTO_PATTERN.test(photo) ? photo : undefined} alt="">
            {name?.trim().slice(0, 1)}
          </Avatar>
          <Form.Item
            name="photo"
            noStyle
            rules={[
              {
                validator: (_, value?: string) =>
                  !value?.trim() || PHOTO_PATTERN.test(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('base.student.photoRule'))),
              },
            ]}
          >
            <Input maxLength={500} autoComplete="off" aria-label={t('base.student.photo')} />
          </Form.Item>
        </Flex>
      </Form.Item>
    </EntityFormDialog>
  );
}
