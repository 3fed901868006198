import type { RegisterDef } from '@dms/contract';
import type { ChartDraft } from './draft';

/** What each kind's fields get from the form: the draft, its change, the type's registers and a field's problem. */
export interface FieldsProps {
  draft: ChartDraft;
  /** Changes the draft at a body path (the problems there go). */
  edit: (path: string, change: (d: ChartDraft) => ChartDraft) => void;
  registers: readonly RegisterDef[];
  /** Form.Item's label, status and help for the field at a body path. */
  item: (path: string, label: string) => { label: string; validateStatus: 'error' | undefined; help: string | undefined };
  /** The first problem at a path or under it. */
  issueUnder: (prefix: string) => string | undefined;
}

/** A register as the selects list it: its name and number, and its unit. */
export function registerOption(r: RegisterDef, name: string) {
  return { value: r.number, label: `${name} (${r.number})${r.unit ? ` · ${r.unit}` : ''}` };
}
