import { Perm, type CertLevel } from '@kaoshi/shared';
import { Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../utils/use-access';
import { useSchemeOptions } from './scheme-queries';

interface ExamSchemeFieldProps {
  /** The chosen paper's job type and level; nothing is offered before a paper is chosen. */
  paper: { subjectId: number; level: number } | undefined;
  disabled?: boolean;
}

/**
 * The publish form's optional certification scheme (the exam counts as its theory exam): the
 * scheme of the paper's job type and level, if there is one. Shown to who manages schemes
 * (SKILLS-MANAGE reads them); for anyone else the exam keeps the scheme it has.
 */
export function ExamSchemeField({ paper, disabled }: ExamSchemeFieldProps) {
  const { t } = useTranslation();
  const mayRead = useHasPermission(Perm.SKILLS_MANAGE);
  const schemes = useSchemeOptions(
    mayRead ? paper?.subjectId : undefined,
    paper?.level as CertLevel | undefined,
  );
  if (!mayRead) return null;
  return (
    <Col span={24}>
      <Form.Item
        name="schemeId"
        label={t('certification.scheme.examScheme')}
        extra={t('certification.scheme.examSchemeHelp')}
      >
        <Select
          allowClear
          aria-label={t('certification.scheme.examScheme')}
          disabled={disabled}
          loading={schemes.isFetching}
          placeholder={
            schemes.data?.length === 0 ? t('certification.scheme.examSchemeNone') : undefined
          }
          notFoundContent={t('certification.scheme.examSchemeNone')}
          options={schemes.data?.map((scheme) => ({
            value: scheme.id,
            label: `${scheme.subjectName} · ${scheme.components
              .map((component) => t(`certification.kinds.${component.kind}`))
              .join(' + ')}`,
          }))}
        />
      </Form.Item>
    </Col>
  );
}
