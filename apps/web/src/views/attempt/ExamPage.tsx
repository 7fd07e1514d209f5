import ComingSoon from '../placeholder/ComingSoon';

/** Being built (issue 13). */
export default function ExamPage() {
  return <ComingSoon />;
}
