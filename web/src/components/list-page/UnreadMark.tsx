import { Badge } from 'antd';

/** A list row's mark that it is unread (notifications, announcements): a blue dot named by `label`; nothing once read. */
export function UnreadMark({ readAt, label, testId }: { readAt: number | null; label: string; testId: string }) {
  if (readAt !== null) return null;
  return (
    <span data-testid={testId} title={label} role="img" aria-label={label}>
      <Badge status="processing" />
    </span>
  );
}
