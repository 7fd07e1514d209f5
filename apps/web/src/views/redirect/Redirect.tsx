import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** docs/spec.md §2: /redirect/{path} re-opens {path}; the tags view uses it to refresh a page. */
export default function Redirect() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    navigate(pathname.replace(/^\/redirect/, '') + search, { replace: true });
  }, [navigate, pathname, search]);
  return null;
}
