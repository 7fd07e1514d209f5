import { QueryClient } from '@tanstack/react-query';

/** One cache for the whole session, whichever provider instance is mounted. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already told the user; a failed call is not retried behind their back.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
