import { EyeOutlined } from '@ant-design/icons';
import {
  AuditStatus,
  type CertLevel,
  type QuestionSortField,
  type QuestionView,
} from '@kaoshi/shared';
import { Button, Flex, Form, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listQuestions, type QuestionFilter, type QuestionQuery } from '../../api/question';
import { SearchBar } from '../../components/list/SearchBar';
import { useListPage } from '../../components/list/use-list-page';
import { cascadeReset } from '../../components/structure/cascade';
import { plainExcerpt } from '../../components/question/plain-text';
import {
  questionPlace,
  useQuestionFilters,
  useQuestionTypeColumn,
} from '../../components/question/question-filters';
import { QuestionPreviewDialog } from '../../components/question/QuestionPreviewDialog';

type PickerFilters = Pick<
  QuestionFilter,
  'keyword' | 'type' | 'difficulty' | 'courseId' | 'pointId'
>;

/** A new course clears the knowledge point chosen in the old one. */
const PLACE_CHAIN = ['courseId', 'pointId'] as const;

interface BankPickerProps {
  open: boolean;
  subjectId: number;
  level: CertLevel;
  /** Questions already in the paper: shown, but not offered again. */
  taken: Set<number>;
  onPick: (questions: QuestionView[]) => void;
  onClose: () => void;
}

/**
 * Picks approved questions in use of the paper's job type and level from the bank, with the
 * bank's filters and a preview; a question already in the paper cannot be picked twice.
 */
export function BankPicker({ open, subjectId, level, taken, onPick, onClose }: BankPickerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PickerFilters>();
  const filters = useQuestionFilters(form, subjectId, level);
  const typeColumn = useQuestionTypeColumn();
  const [picked, setPicked] = useState<QuestionView[]>([]);
  const [preview, setPreview] = useState<QuestionView>();
  // Only what may go in a paper: approved, not retired, of this job type and level.
  const fixed = { subjectId, level, auditStatus: AuditStatus.PASSED };
  const bank = useListPage<QuestionView, QuestionQuery, QuestionSortField>({
    queryKey: ['paper', 'bank', subjectId, level],
    fetchList: (query) => listQuestions({ ...query, ...fixed }),
  });

  return (
    <Modal
      open={open}
      title={t('paper.picker.title')}
      width={{ xs: '100%', md: 900, xl: 1100 }}
      okText={t('paper.picker.add', { count: picked.length })}
      okButtonProps={{ disabled: picked.length === 0 }}
      cancelText={t('common.cancel')}
      onOk={() => {
        onPick(picked);
        onClose();
      }}
      onCancel={onClose}
      destroyOnHidden
      className="paper-bank-picker"
    >
      <SearchBar
        name="paperPicker"
        form={form}
        onSearch={(values) => bank.search(values)}
        onReset={bank.reset}
        onValuesChange={(changed) => form.setFieldsValue(cascadeReset(PLACE_CHAIN, changed))}
      >
        {filters.keyword}
        {filters.type}
        {filters.difficulty}
        {filters.course}
        {filters.point}
      </SearchBar>
      <Table<QuestionView>
        {...bank.tableProps}
        rowSelection={{
          selectedRowKeys: picked.map((q) => q.id),
          preserveSelectedRowKeys: true,
          getCheckboxProps: (question) => ({
            disabled: taken.has(question.id),
            'aria-label': t('paper.picker.pick', { id: question.id }),
          }),
          onChange: (_keys, rows) =>
            setPicked((current) => {
              // Rows of other pages stay picked; this page's are as the table says.
              const onPage = new Set(bank.list.data?.list.map((q) => q.id));
              return [...current.filter((q) => !onPage.has(q.id)), ...rows.filter(Boolean)];
            }),
        }}
        columns={[
          { title: t('question.fields.id'), dataIndex: 'id', width: 64 },
          {
            title: t('question.fields.content'),
            key: 'content',
            render: (_, question) => {
              const text = plainExcerpt(question.content);
              return (
                <Flex vertical gap={2} style={{ minWidth: 180 }}>
                  <Typography.Text ellipsis={{ tooltip: text.full }}>
                    {text.short(60) || t('question.list.noText')}
                  </Typography.Text>
                  {taken.has(question.id) && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('paper.picker.inPaper')}
                    </Typography.Text>
                  )}
                </Flex>
              );
            },
          },
          typeColumn,
          { title: t('question.fields.difficulty'), dataIndex: 'difficulty', width: 72 },
          { title: t('question.fields.score'), dataIndex: 'score', align: 'right', width: 72 },
          {
            title: t('question.fields.place'),
            key: 'place',
            responsive: ['lg'],
            render: (_, question) => questionPlace(question),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, question) => (
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('question.actions.preview')}
                onClick={() => setPreview(question)}
              />
            ),
          },
        ]}
      />
      <QuestionPreviewDialog
        open={preview !== undefined}
        question={preview}
        onClose={() => setPreview(undefined)}
      />
    </Modal>
  );
}
