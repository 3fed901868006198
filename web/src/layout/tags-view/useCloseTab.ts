import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tags } from './store';

/**
 * For a form's page: `closeAndGo(to)` goes to `to` (its list) and closes the form's tab once the page is left, so a
 * form sent (or given up) does not stay open as an empty tab. A leave the page blocks (unsaved one-time credentials)
 * keeps the tab until the user does leave.
 */
export function useCloseTab(): (to: string) => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      tags.closeWhenLeft(pathname);
      void navigate(to);
    },
    [pathname, navigate],
  );
}
