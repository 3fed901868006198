import { REGISTER_FIELD_NAMES, type MapDiff } from '@dms/contract';
import { DiffView } from '@/components/forms/DiffView';
import { useI18n } from '@/i18n';
import { registerName } from '@/lib/localized';

/**
 * What changed between two versions of a register map (or the saved map and the edited one): the registers added,
 * removed and changed, each with its number and name and, when changed, the fields that differ.
 */
export function MapDiffView({ diff }: { diff: MapDiff }) {
  const { t, lang } = useI18n();
  const item = (r: MapDiff['added'][number], fields: ReadonlyArray<keyof (typeof REGISTER_FIELD_NAMES)['en']> = []) => ({
    id: r.number,
    tag: String(r.number),
    label: registerName(r, lang) || r.key,
    fields: fields.map((f) => REGISTER_FIELD_NAMES[lang][f]),
  });
  return (
    <DiffView
      testId="type-diff"
      none={t('typeEdit.diff.none')}
      title={(kind, count) => t(`typeEdit.diff.${kind}`, { count })}
      items={{
        added: diff.added.map((r) => item(r)),
        removed: diff.removed.map((r) => item(r)),
        changed: diff.changed.map((c) => item(c.after, c.fields)),
      }}
    />
  );
}
