import { App, Button } from 'antd';
import type { EndpointSpec } from '@dms/contract';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { useInvalidate } from '@/api/invalidate';

export interface CopyRowButtonProps {
  label: string;
  testId: string;
  /** The copy call: answers the copy (its name is said). A refusal is shown by the request layer. */
  copy: () => Promise<{ name: string }>;
  /** Said once it is done, naming the copy. */
  copied: (name: string) => string;
  /** The reads the copy changes. */
  invalidates: readonly EndpointSpec[];
}

/** A list row's copy: busy while it runs, says the copy's name when it is done, and reads the list again. */
export function CopyRowButton({ label, testId, copy, copied, invalidates }: CopyRowButtonProps) {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const made = await copy();
      void message.success(copied(made.name));
      void invalidate(invalidates);
    } catch (e) {
      if (!isApiError(e)) throw e;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" loading={busy} data-testid={testId} onClick={() => void run()}>
      {label}
    </Button>
  );
}
