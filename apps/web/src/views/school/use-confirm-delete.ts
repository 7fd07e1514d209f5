import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, ERROR_TOAST_MS } from '../../api/request';
import type { CallOptions } from '../../api/request';
import { useDeleteConfirmation } from '../../components/list/use-delete-confirmation';
import { invalidateStructure } from '../../components/structure';
import { toastError } from '../../utils/feedback';
import { isConflict } from '../../utils/server-error';

interface DeleteRequest {
  title: string;
  /** What is deleted, as the confirmation names it. */
  name: string;
  remove: (options: CallOptions) => Promise<unknown>;
  /**
   * Why the server refused (10004: something still uses it), in the user's language; the
   * server's own message is shown if this fails.
   */
  explainRefusal: () => Promise<string>;
  onDeleted: () => void;
}

/**
 * Asks before deleting a part of the exam structure. A refusal because something still uses it
 * is explained in the user's language (the server's message is English); any other failure is
 * shown as the request layer shows it.
 */
export function useConfirmDelete() {
  const queryClient = useQueryClient();
  const confirmDelete = useDeleteConfirmation();

  return useCallback(
    ({ title, name, remove, explainRefusal, onDeleted }: DeleteRequest) =>
      confirmDelete({
        title,
        name,
        remove: () =>
          remove({ quiet: true }).catch(async (error: unknown) => {
            if (isConflict(error)) {
              const reason = await explainRefusal().catch(() => error.message);
              toastError(reason, ERROR_TOAST_MS);
              // What was in use may have changed since the list was loaded.
              void invalidateStructure(queryClient);
            } else if (error instanceof ApiError) {
              toastError(error.message, ERROR_TOAST_MS);
            }
            throw error;
          }),
        onDeleted: async () => {
          await invalidateStructure(queryClient);
          onDeleted();
        },
      }),
    [confirmDelete, queryClient],
  );
}
