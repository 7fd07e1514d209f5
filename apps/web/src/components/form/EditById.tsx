import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../PageLoading';

interface EditByIdProps<T> {
  queryKey: (id: number) => QueryKey;
  fetch: (id: number) => Promise<T>;
  /** The editor, given the id and the record as loaded (both undefined for a new one). */
  children: (id: number | undefined, saved: T | undefined) => ReactNode;
}

/**
 * An editor page's loading: `?id=N` loads record N once (a spinner meanwhile, nothing after a
 * refusal the request layer has shown); no id starts a new one. Key the editor by the id.
 */
export function EditById<T>({ queryKey, fetch, children }: EditByIdProps<T>) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const saved = useQuery({
    queryKey: queryKey(id ?? 0),
    queryFn: () => fetch(id!),
    enabled: id !== undefined,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (id !== undefined && !saved.data) return saved.isError ? null : <PageLoading />;
  return children(id, saved.data);
}
