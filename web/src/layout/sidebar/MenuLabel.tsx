import { Tooltip } from 'antd';
import { useRef, useState } from 'react';

/**
 * A sidebar entry's title. A title cut off by the sidebar's width (a long translation) shows in full in a tooltip on
 * hover; one that fits shows none. The cut is measured when the pointer comes, as the width depends on the language,
 * the font and the entry's depth. `tip={false}` where antd shows its own (a top entry of the collapsed sidebar).
 */
export function MenuLabel({ text, testId, tip = true }: { text: string; testId?: string; tip?: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip title={text} placement="right" open={open} classNames={{ root: 'dms-menu-label-tip' }}>
      <span
        ref={ref}
        className="dms-menu-label"
        data-testid={testId}
        onMouseEnter={() => {
          const el = ref.current;
          setOpen(tip && el !== null && el.scrollWidth > el.clientWidth);
        }}
        onMouseLeave={() => {
          setOpen(false);
        }}
      >
        {text}
      </span>
    </Tooltip>
  );
}
