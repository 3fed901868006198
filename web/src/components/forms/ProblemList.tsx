import { Alert } from 'antd';
import { useI18n } from '@/i18n';

/** Most problems listed; the last line says how many more. */
const SHOWN = 20;

/**
 * The problems that keep a register map from being saved (the editor's rows, an upload's cells), each a message that
 * names its row, under a title that says how many and what to do; the list items are `${testId}-item`.
 */
export function ProblemList({ testId, title, messages }: { testId: string; title: string; messages: readonly string[] }) {
  const { t } = useI18n();
  if (messages.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid={testId}
      style={{ marginBottom: 16 }}
      title={title}
      description={
        <ul className="dms-plain-list">
          {messages.slice(0, SHOWN).map((m, i) => (
            <li key={i} data-testid={`${testId}-item`}>
              {m}
            </li>
          ))}
          {messages.length > SHOWN && <li>{t('common.list.andMore', { count: messages.length - SHOWN })}</li>}
        </ul>
      }
    />
  );
}
