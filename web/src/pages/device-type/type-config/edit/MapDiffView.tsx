import { Empty, Tag, Typography } from 'antd';
import { diffSize, REGISTER_FIELD_NAMES, type DiffField, type MapDiff } from '@dms/contract';
import { useI18n } from '@/i18n';
import { registerName } from '@/lib/localized';

/** Most registers listed per kind of change; the count says how many more. */
const SHOWN = 12;

/**
 * What changed between two versions of a register map (or the saved map and the edited one): the registers added,
 * removed and changed, each with its number and name and, when changed, the fields that differ.
 */
export function MapDiffView({ diff }: { diff: MapDiff }) {
  const { t, lang } = useI18n();
  if (diffSize(diff) === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('typeEdit.diff.none')} />;
  const groups = [
    { kind: 'added', color: 'green', items: diff.added.map((r) => ({ r, fields: [] as DiffField[] })) },
    { kind: 'removed', color: 'red', items: diff.removed.map((r) => ({ r, fields: [] as DiffField[] })) },
    { kind: 'changed', color: 'blue', items: diff.changed.map((c) => ({ r: c.after, fields: c.fields })) },
  ] as const;
  return (
    <div data-testid="type-diff">
      {groups
        .filter((g) => g.items.length > 0)
        .map((g) => (
          <div key={g.kind} data-testid={`type-diff-${g.kind}`} data-count={g.items.length} style={{ marginBottom: 8 }}>
            <Typography.Text strong>{t(`typeEdit.diff.${g.kind}`, { count: g.items.length })}</Typography.Text>
            <ul className="dms-plain-list">
              {g.items.slice(0, SHOWN).map(({ r, fields }) => (
                <li key={r.number}>
                  <Tag color={g.color}>{r.number}</Tag>
                  {registerName(r, lang) || r.key}
                  {fields.length > 0 && (
                    <Typography.Text type="secondary"> ({fields.map((f) => REGISTER_FIELD_NAMES[lang][f]).join(', ')})</Typography.Text>
                  )}
                </li>
              ))}
              {g.items.length > SHOWN && <li>{t('typeEdit.moreProblems', { count: g.items.length - SHOWN })}</li>}
            </ul>
          </div>
        ))}
    </div>
  );
}
