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
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value) return undefined;
    const timer = setTimeout(() => {
      search.current(trimmed);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [text, value, delayMs]);

  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      {...input}
      value={text}
      onChange={(e) => {
        setText(sanitize ? sanitize(e.target.value) : e.target.value);
      }}
      onPressEnter={() => {
        onSearch(text.trim());
      }}
    />
  );
}
