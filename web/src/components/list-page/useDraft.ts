import { useState } from 'react';

/**
 * What a filter input holds before it is applied: it starts as the applied value and follows it when that changes
 * (a link, a reload, Reset), and keeps what the user typed otherwise (a page change, a live refresh).
 */
export function useDraft<D>(applied: D): [D, (next: D | ((prev: D) => D)) => void] {
  const [draft, setDraft] = useState(applied);
  const key = JSON.stringify(applied);
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    setDraft(applied);
  }
  return [draft, setDraft];
}
