import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CategorySelect,
  JobTypeSelect,
  LevelSelect,
  ProjectSelect,
  useJobTypeLevels,
} from '../../components/structure';
import { useKnowledgeScope } from './knowledge-scope';

/**
 * Project → category → job type → level: whose courses and appraisal points are shown. A job
 * type with one level chooses it at once.
 */
export function KnowledgeScopeBar() {
  const { t } = useTranslation();
  const { schoolId, departmentId, subjectId, level, choose } = useKnowledgeScope();
  const levels = useJobTypeLevels(departmentId, subjectId);
  const span = { xs: 24, sm: 12, xl: 6 };

  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      <Col {...span}>
        <ProjectSelect value={schoolId} onChange={(value) => choose({ schoolId: value })} />
      </Col>
      <Col {...span}>
        <CategorySelect
          schoolId={schoolId}
          value={departmentId}
          onChange={(value) => choose({ departmentId: value })}
        />
      </Col>
      <Col {...span}>
        <JobTypeSelect
          departmentId={departmentId}
          value={subjectId}
          onChange={(value, jobType) =>
            choose({
              subjectId: value,
              ...(jobType?.levels.length === 1 && { level: jobType.levels[0] }),
            })
          }
        />
      </Col>
      <Col {...span}>
        <LevelSelect
          levels={levels}
          waitingFor={subjectId === undefined ? t('school.select.jobTypeFirst') : undefined}
          value={level}
          onChange={(value) => choose({ level: value })}
        />
      </Col>
    </Row>
  );
}
