import { Empty, Tag, Typography } from 'antd';
import { useI18n } from '@/i18n';

/** Most items listed per kind of change; the last line says how many more. */
const SHOWN = 12;

/** One row of a diff: its tag (a register number, a parameter key), its name, and the fields that changed. */
export interface DiffItem {
  id: string | number;
  tag: string;
  label: string;
  fields: readonly string[];
}
export const DIFF_KINDS = ['added', 'removed', 'changed'] as const;
export type DiffKind = (typeof DIFF_KINDS)[number];
const COLOR: Record<DiffKind, string> = { added: 'green', removed: 'red', changed: 'blue' };

/**
 * What changed between two versions of a table (a register map, a box type's configuration): the rows added, removed
 * and changed, each with its tag and name and, when changed, the fields that differ. `${testId}-${kind}` holds each
 * kind, its count in `data-count`.
 */
export function DiffView({
  testId,
  items,
  title,
  none,
}: {
  testId: string;
  items: Readonly<Record<DiffKind, readonly DiffItem[]>>;
  /** The heading of a kind of change, with its count. */
  title: (kind: DiffKind, count: number) => string;
  none: string;
}) {
  const { t } = useI18n();
  if (DIFF_KINDS.every((k) => items[k].length === 0)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={none} />;
  return (
    <div data-testid={testId}>
      {DIFF_KINDS.filter((k) => items[k].length > 0).map((kind) => (
        <div key={kind} data-testid={`${testId}-${kind}`} data-count={items[kind].length} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{title(kind, items[kind].length)}</Typography.Text>
          <ul className="dms-plain-list">
            {items[kind].slice(0, SHOWN).map((item) => (
              <li key={item.id}>
                <Tag color={COLOR[kind]}>{item.tag}</Tag>
                {item.label}
                {item.fields.length > 0 && <Typography.Text type="secondary"> ({item.fields.join(', ')})</Typography.Text>}
              </li>
            ))}
            {items[kind].length > SHOWN && <li>{t('common.list.andMore', { count: items[kind].length - SHOWN })}</li>}
          </ul>
        </div>
      ))}
    </div>
  );
}
