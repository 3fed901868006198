import { idParam } from './list-params';
import { SearchInput } from './SearchInput';

const BOX_ID = idParam();

interface BoxIdFilterProps {
  /** The box number filtered on (the URL's); undefined: every box. */
  value: number | undefined;
  onChange: (boxId: number | undefined) => void;
  /** The box's words on this list: the field's accessible name and placeholder. */
  label: string;
  testId: string;
  width?: number;
}

/** A list's filter by one box number: digits only as typed, no leading zeros, applied as the list's searches are. */
export function BoxIdFilter({ value, onChange, label, testId, width = 180 }: BoxIdFilterProps) {
  return (
    <SearchInput
      data-testid={testId}
      aria-label={label}
      placeholder={label}
      inputMode="numeric"
      maxLength={16}
      style={{ width, maxWidth: '100%' }}
      value={value === undefined ? '' : String(value)}
      sanitize={(text) => text.replace(/\D/g, '').replace(/^0+/, '')}
      onSearch={(text) => {
        onChange(BOX_ID.read(text));
      }}
    />
  );
}
