import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { storage } from '../../utils/storage';
import { MarkingExamList } from './MarkingExamList';
import { MarkingOverview } from './MarkingOverview';
import './marking.css';

/**
 * The marking overview (阅卷, docs/features/marking.md): the exams to mark, and for the one chosen
 * (?examId=N) its figures, plan, arbitration, group audit, key corrections, score log and
 * release. docs/spec.md §2: opening the page sets the local flag showBySituation to true.
 */
export default function ExaminationSituation() {
  useEffect(() => storage.set('showBySituation', 'true'), []);
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  if (Number.isInteger(examId) && examId > 0)
    return <MarkingOverview key={examId} examId={examId} />;
  return <MarkingExamList />;
}
