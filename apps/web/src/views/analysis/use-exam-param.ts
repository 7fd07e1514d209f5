import { useSearchParams } from 'react-router';

/** A positive integer from the address, or undefined. */
export const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * The chosen exam (and batch) live in the address (?examId=N&classId=M): a reload, a shared link
 * and the links between the analysis screens keep them.
 */
export function useExamParam() {
  const [params, setParams] = useSearchParams();
  const examId = idParam(params.get('examId'));
  const classId = idParam(params.get('classId'));
  const choose = (next: { examId?: number; classId?: number }) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const key of ['examId', 'classId'] as const) {
          if (key in next) {
            const value = next[key];
            if (value === undefined) copy.delete(key);
            else copy.set(key, String(value));
          }
        }
        // Another exam has other batches.
        if ('examId' in next && !('classId' in next)) copy.delete('classId');
        return copy;
      },
      { replace: true },
    );
  return { examId, classId, choose };
}
