import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * docs/spec.md §2 public route: the landing page of an outside sign-in. It hands whatever it was given
 * (query and hash) to the sign-in page, which continues from there.
 */
export default function AuthRedirect() {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useEffect(() => {
    if (window.opener && window.opener !== window) {
      (window.opener as Window).location.href = `${window.location.origin}/login${search}${hash}`;
      window.close();
      return;
    }
    navigate(`/login${search}`, { replace: true });
  }, [navigate, search, hash]);
  return null;
}
