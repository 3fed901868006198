import { Alert, Button } from 'antd';
import { useI18n } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';

/** `?id=N` of a form that adds or (with it) edits: the id, or null for a new one (and for anything but an id). */
export function editIdOf(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** What an edit form shows when the record it edits cannot be read: why, and the way back to its list. */
export function EditLoadError({ message, testId, listPath, back }: { message: string; testId: string; listPath: string; back: string }) {
  const { t } = useI18n();
  const closeAndGo = useCloseTab();
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      title={message || t('common.state.hasError')}
      action={
        <Button
          size="small"
          onClick={() => {
            closeAndGo(listPath);
          }}
        >
          {back}
        </Button>
      }
    />
  );
}
