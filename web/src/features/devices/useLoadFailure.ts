import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '@/i18n';
import { failureMessage, failureRoute } from '@/features/devices/params';

/**
 * A device page's failed load (`error`, null while there is none): 40300 goes to /401, 40400 to /404, and so does
 * a malformed address (`malformed`); anything else is the message to show on the page.
 */
export function useLoadFailure(error: unknown, malformed = false): string | null {
  const navigate = useNavigate();
  const { t } = useI18n();
  const target = malformed ? '/404' : error ? failureRoute(error) : null;
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);
  return error && !malformed ? failureMessage(error, t('common.state.hasError')) : null;
}
