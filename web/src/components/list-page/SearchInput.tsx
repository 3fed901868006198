import { SearchOutlined } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';
import { useEffect, useRef, useState } from 'react';

export interface SearchInputProps extends Omit<InputProps, 'value' | 'onChange' | 'onPressEnter'> {
  /** The search applied (the URL's). */
  value: string;
  /** Applies a search (trimmed). */
  onSearch: (text: string) => void;
  delayMs?: number;
  /** What may be typed: each change passes through it (e.g. digits only for a box id). */
  sanitize?: (text: string) => string;
}

/**
 * The one search box of the console's lists and filters: applied `delayMs` after typing stops, or at once on Enter. What is typed stays while it is the search
 * applied; a search changed elsewhere (a link, a reload) replaces it.
 */
export function SearchInput({ value, onSearch, delayMs = 300, sanitize, ...input }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  // What Enter applied last: the wait does not apply it again, even while the page has not shown it yet (its
  // navigation still rendering, or given up for a link clicked at once, which the late search would undo).
  const [sent, setSent] = useState<string | null>(null);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value || trimmed === sent) return undefined;
    const timer = setTimeout(() => {
      search.current(trimmed);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [text, value, sent, delayMs]);

  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      {...input}
      value={text}
      onChange={(e) => {
        setText(sanitize ? sanitize(e.target.value) : e.target.value);
        setSent(null);
      }}
      onPressEnter={() => {
        setSent(text.trim());
        onSearch(text.trim());
      }}
    />
  );
}
