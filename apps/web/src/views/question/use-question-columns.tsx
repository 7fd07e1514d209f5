import {
  CheckOutlined,
  CloseOutlined,
  EyeOutlined,
  RollbackOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  AuditStatus,
  Perm,
  type CertLevel,
  type QuestionBatchAction,
  type QuestionSortField,
  type QuestionView,
} from '@kaoshi/shared';
import { Flex, Grid, Rate, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SortableColumn } from '../../components/list/list-page';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { questionPlace, useQuestionTypeColumn } from '../../components/question/question-filters';
import { RelativeTime } from '../../components/time/RelativeTime';
import { AuditTag } from '../../components/question/AuditTag';
import { plainExcerpt } from '../../components/question/plain-text';
import { useLevelLabel } from '../../components/structure';
import { useUserStore } from '../../stores/user';
import { useHasPermission } from '../../utils/use-access';
import { difficultyKey } from './question-form';
import type { useQuestionFigures } from './question-figures';
import { QuestionFiguresLine } from './QuestionFiguresLine';

const EXCERPT_LENGTH = 60;

interface QuestionColumnsProps {
  /** The list's sortable(field) (see useListPage). */
  sortable: (field: QuestionSortField) => SortableColumn<QuestionSortField>;
  /** When the rows were read (the list's dataUpdatedAt): "updated" is relative to it. */
  listedAt: number;
  figures: ReturnType<typeof useQuestionFigures>;
  onPreview: (question: QuestionView) => void;
  onEdit: (question: QuestionView) => void;
  onReject: (question: QuestionView) => void;
  /** Runs an action on the question at once (submit, approve). */
  run: (ids: number[], action: QuestionBatchAction) => unknown;
  /** Asks before an action on the question (restore, retire, delete). */
  confirm: (ids: number[], action: 'restore' | 'retire' | 'delete') => void;
}

/**
 * The question bank's columns: the stem (with its tags and figures), type, difficulty, score,
 * place, review state, author, last change, and the row's actions as the user may take them.
 */
export function useQuestionColumns({
  sortable,
  listedAt,
  figures,
  onPreview,
  onEdit,
  onReject,
  run,
  confirm,
}: QuestionColumnsProps): TableColumnsType<QuestionView> {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const typeColumn = useQuestionTypeColumn();
  const actionsColumn = useActionsColumn();
  const levelLabel = useLevelLabel();
  const userId = useUserStore((state) => state.info?.id);
  const mayAudit = useHasPermission(Perm.QUESTION_AUDIT);

  const ownQuestion = (question: QuestionView) => question.authorId === userId;
  const canSubmit = (question: QuestionView) =>
    !question.retired &&
    ([AuditStatus.NOT_STARTED, AuditStatus.FAILED, AuditStatus.EXPIRED] as number[]).includes(
      question.auditStatus,
    );
  const canReview = (question: QuestionView) =>
    mayAudit && question.auditStatus === AuditStatus.UNDER_REVIEW && !ownQuestion(question);

  // Labelled actions would cover the last columns below 1600 px: icons with tooltips there.
  const compact = !screens.xxl;
  return [
    { title: t('question.fields.id'), dataIndex: 'id', width: 72, ...sortable('id') },
    {
      title: t('question.fields.content'),
      key: 'content',
      render: (_, question) => {
        const text = plainExcerpt(question.content);
        return (
          <Flex vertical gap={2} style={{ minWidth: 180, maxWidth: screens.xxl ? 420 : 240 }}>
            <Typography.Text ellipsis={{ tooltip: text.full }} className="question-stem-excerpt">
              {text.short(EXCERPT_LENGTH) || t('question.list.noText')}
            </Typography.Text>
            {question.tags.length > 0 && (
              <Flex gap={4} wrap>
                {question.tags.map((tag) => (
                  <Tag key={tag} style={{ marginInlineEnd: 0, fontSize: 11 }}>
                    {tag}
                  </Tag>
                ))}
              </Flex>
            )}
            {/* Under the stem: a column of its own pushed the review state under the actions. */}
            <QuestionFiguresLine figures={figures.get(question.id)} />
          </Flex>
        );
      },
    },
    typeColumn,
    {
      title: t('question.fields.difficulty'),
      ...sortable('difficulty'),
      render: (_, question) => (
        <Tooltip title={t(`question.difficulty.${difficultyKey(question.difficulty)}`)}>
          <span aria-label={t('question.list.difficultyOf', { value: question.difficulty })}>
            <Rate disabled count={5} value={question.difficulty} style={{ fontSize: 11 }} />
          </span>
        </Tooltip>
      ),
    },
    {
      title: t('question.fields.score'),
      ...sortable('score'),
      align: 'right',
      render: (_, question) => question.score,
    },
    {
      title: t('question.fields.place'),
      key: 'place',
      responsive: ['lg'],
      // A width lets a long header wrap (es, ja) instead of pushing the review state under
      // the fixed actions column; long names end in an ellipsis that shows them whole.
      width: screens.xxl ? 260 : 160,
      render: (_, question) => {
        const place = questionPlace(question);
        const scope = `${question.subjectName} · ${levelLabel(question.level as CertLevel)}`;
        return (
          <Flex vertical style={{ maxWidth: screens.xxl ? 260 : 160 }}>
            <Typography.Text ellipsis={{ tooltip: place }}>{place}</Typography.Text>
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12 }}
              ellipsis={{ tooltip: scope }}
            >
              {scope}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: t('question.fields.auditStatus'),
      ...sortable('auditStatus'),
      // The header wraps ("Estado de revisión"); a retired question's two tags stack.
      width: 112,
      render: (_, question) => <AuditTag question={question} />,
    },
    {
      title: t('question.fields.author'),
      key: 'author',
      responsive: ['xxl'],
      dataIndex: 'authorName',
    },
    {
      title: t('question.fields.updatedAt'),
      ...sortable('updatedAt'),
      responsive: ['xxl'],
      // Relative to when the list was read, as the other lists; the exact time in the tooltip.
      render: (_, question) => <RelativeTime at={question.updatedAt} now={listedAt} />,
    },
    actionsColumn<QuestionView>((question) => (
      <>
        <RowAction
          icon={<EyeOutlined />}
          label={t('question.actions.preview')}
          compact={compact}
          onClick={() => onPreview(question)}
        />
        <EditAction compact={compact} onClick={() => onEdit(question)} />
        {canSubmit(question) && (
          <RowAction
            icon={<SendOutlined />}
            label={t('question.actions.submit')}
            compact={compact}
            onClick={() => void run([question.id], 'submit')}
          />
        )}
        {canReview(question) && (
          <>
            <RowAction
              icon={<CheckOutlined />}
              label={t('question.actions.approve')}
              compact={compact}
              onClick={() => void run([question.id], 'approve')}
            />
            <RowAction
              icon={<CloseOutlined />}
              label={t('question.actions.reject')}
              danger
              compact={compact}
              onClick={() => onReject(question)}
            />
          </>
        )}
        {question.retired ? (
          <RowAction
            icon={<RollbackOutlined />}
            label={t('question.actions.restore')}
            compact={compact}
            onClick={() => confirm([question.id], 'restore')}
          />
        ) : (
          <RowAction
            icon={<StopOutlined />}
            label={t('question.actions.retire')}
            compact={compact}
            onClick={() => confirm([question.id], 'retire')}
          />
        )}
        <DeleteAction
          compact={compact}
          blockedBy={
            question.usedInPapers > 0
              ? t('question.list.usedInPapers', { count: question.usedInPapers })
              : undefined
          }
          onClick={() => confirm([question.id], 'delete')}
        />
      </>
    )),
  ];
}
