import { UserType, type UserView } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listUsers } from '../../api/system';

/**
 * Staff to name as examiners, chief examiner and checker. The server has no call listing the
 * holders of SKILLS-SCORE or SKILLS-CHECK, so this searches the user list (by nickname) and
 * leaves out students; the server refuses anyone without the permission, naming them.
 */
export function useStaffOptions(known: Map<number, string>) {
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [seen, setSeen] = useState(() => new Map(known));
  useEffect(() => {
    const timer = setTimeout(() => setSearch(keyword.trim()), 300);
    return () => clearTimeout(timer);
  }, [keyword]);
  const users = useQuery({
    queryKey: ['skillAssessment', 'staff', search],
    queryFn: async () => {
      const found = await listUsers({ page: 1, limit: 100, nickName: search || undefined });
      // Everyone found stays named, so that a choice keeps its name after another search.
      setSeen((current) => named(current, found.list));
      return found;
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return {
    options: [...named(seen, users.data?.list)].map(([value, label]) => ({ value, label })),
    loading: users.isFetching,
    onSearch: setKeyword,
  };
}

/** `people` with the staff among `users` added, each as "nickname (sign-in name)". */
function named(people: Map<number, string>, users: UserView[] | undefined) {
  const next = new Map(people);
  for (const user of users ?? []) {
    if (user.userType !== UserType.STUDENT) {
      next.set(user.id, `${user.nickName || user.name} (${user.name})`);
    }
  }
  return next;
}
