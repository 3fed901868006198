import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Progress, Typography } from 'antd';
import { api, type ExportBody, type ExportJob, isMessageKey, message as serverMessage } from '@dms/contract';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/api/client';
import { saveBlob } from '@/api/download';
import { call } from '@/api/call';
import { useI18n } from '@/i18n';

/** How often a running export's progress is asked for. */
const POLL_MS = 500;

/** An export's kind and filter: the button adds the browser's time zone, in which the file writes its times. */
export type ExportWhat = ExportBody extends infer B ? (B extends unknown ? Omit<B, 'tz'> : never) : never;

export interface ExportButtonProps {
  /** What to export: the filter as it is when the button is pressed. */
  body: ExportWhat | (() => ExportWhat);
  disabled?: boolean;
  /** Button text; "Export" by default. */
  label?: string;
  /** data-testid of the button; the progress dialog is `${testId}-dialog`. */
  testId?: string;
  size?: 'small' | 'middle' | 'large';
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; job: ExportJob | null }
  | { kind: 'downloading'; job: ExportJob }
  | { kind: 'failed'; error: string };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Exports a list to .xlsx with its progress shown: starts the job (POST /exports), shows a dialog with rows done of
 * total while it runs, downloads the file when it is ready and saves it; a refusal or failure is shown translated.
 * Closing the dialog stops following the job.
 */
export function ExportButton({ body, disabled, label, testId = 'export', size }: ExportButtonProps) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const run = useRef<AbortController | null>(null);

  useEffect(() => () => run.current?.abort(), []);

  const describe = (error: unknown): string => {
    if (isApiError(error)) return error.message || t('devices.export.failed');
    return t('devices.export.failed');
  };

  const start = async () => {
    run.current?.abort();
    const abort = new AbortController();
    run.current = abort;
    // A function, read after each wait: closing the dialog may abort the run meanwhile.
    const stopped = () => abort.signal.aborted;
    setPhase({ kind: 'running', job: null });
    try {
      // The user's time zone: the file writes its times in it (and names it in the header).
      const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const sent = { ...(typeof body === 'function' ? body() : body), tz };
      let job = await call(api.exports.start, { body: sent }, { errorDisplay: 'none' });
      while (!stopped() && job.state === 'running') {
        setPhase({ kind: 'running', job });
        await sleep(POLL_MS, abort.signal);
        if (stopped()) return;
        job = await call(api.exports.status, { params: { id: job.id } }, { errorDisplay: 'none', signal: abort.signal });
      }
      if (stopped()) return;
      if (job.state === 'failed') {
        const key = job.error ?? '';
        setPhase({ kind: 'failed', error: isMessageKey(key) ? serverMessage(lang, key) : t('devices.export.failed') });
        return;
      }
      setPhase({ kind: 'downloading', job });
      const blob = await call(api.exports.file, { params: { id: job.id } }, { signal: abort.signal });
      if (stopped()) return;
      saveBlob(blob, job.fileName);
      setPhase({ kind: 'idle' });
      void message.success(t('devices.export.done', { rows: job.total }));
    } catch (error) {
      if (stopped()) return;
      setPhase({ kind: 'failed', error: describe(error) });
    }
  };

  const close = () => {
    run.current?.abort();
    run.current = null;
    setPhase({ kind: 'idle' });
  };

  const job = phase.kind === 'running' || phase.kind === 'downloading' ? phase.job : null;
  const percent = job && job.total > 0 ? Math.min(100, Math.floor((job.done / job.total) * 100)) : phase.kind === 'downloading' ? 100 : 0;

  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => void start()}
        disabled={disabled}
        loading={phase.kind === 'running' || phase.kind === 'downloading'}
        data-testid={testId}
        {...(size ? { size } : {})}
      >
        {label ?? t('devices.export.button')}
      </Button>
      <Modal
        open={phase.kind !== 'idle'}
        title={t('devices.export.title')}
        onCancel={close}
        footer={
          <Button onClick={close} data-testid={`${testId}-close`}>
            {phase.kind === 'failed' ? t('devices.export.close') : t('devices.export.cancel')}
          </Button>
        }
        destroyOnHidden
        mask={{ closable: false }}
      >
        <div data-testid={`${testId}-dialog`} data-phase={phase.kind}>
          {phase.kind === 'failed' ? (
            <Alert type="error" showIcon title={phase.error} data-testid={`${testId}-error`} />
          ) : (
            <>
              <Progress percent={percent} status="active" data-testid={`${testId}-progress`} />
              <Typography.Text type="secondary">
                {phase.kind === 'downloading'
                  ? t('devices.export.downloading')
                  : job && job.total > 0
                    ? t('devices.export.progress', { done: job.done, total: job.total })
                    : t('devices.export.preparing')}
              </Typography.Text>
            </>
          )}
        </div>
      </Modal>
    </>
  );
}
