import type { StaffOption, StaffSelectQuery } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listStaffForSelect } from '../../api/skill-assessment';

/**
 * Staff to name in an assessment: the holders of `key` (SKILLS-SCORE for examiners, SKILLS-CHECK
 * for the chief examiner and the checker), searched by name; `known` names those already chosen.
 */
export function useStaffOptions(key: StaffSelectQuery['key'], known: Map<number, string>) {
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [seen, setSeen] = useState(() => new Map(known));
  useEffect(() => {
    const timer = setTimeout(() => setSearch(keyword.trim()), 300);
    return () => clearTimeout(timer);
  }, [keyword]);
  const users = useQuery({
    queryKey: ['skillAssessment', 'staff', key, search],
    queryFn: async () => {
      const found = await listStaffForSelect({ key, keyword: search || undefined });
      // Everyone found stays named, so that a choice keeps its name after another search.
      setSeen((current) => named(current, found));
      return found;
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return {
    options: [...named(seen, users.data)].map(([value, label]) => ({ value, label })),
    loading: users.isFetching,
    onSearch: setKeyword,
  };
}

/** `people` with `users` added, each as "nickname (sign-in name)". */
function named(people: Map<number, string>, users: StaffOption[] | undefined) {
  const next = new Map(people);
  for (const user of users ?? []) next.set(user.id, `${user.nickName || user.name} (${user.name})`);
  return next;
}
