import { CaretRightOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Space, Table, Typography, type FormInstance } from 'antd';
import { api, message as serverMessage, type MessageKey, type ScriptInput, type ScriptName, type ScriptPreview } from '@dms/contract';
import { useState, type ReactNode } from 'react';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { ProblemList } from '@/components/forms/ProblemList';
import { ExportButton } from '@/components/list-page/ExportButton';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { useItemColumns } from './ItemTable';
import { RunPanel } from './RunPanel';
import './scripts.css';

interface ScriptFlowProps<V> {
  script: ScriptName;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  /** The script's own fields. */
  children: ReactNode;
  /** The form's values as the script's input (a file read first: load). */
  toInput: (values: V) => ScriptInput | Promise<ScriptInput>;
}

/** The messages of a refusal's `problems` (an upload's rows), if it has them. */
function problemsOf(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || !('problems' in data) || !Array.isArray(data.problems)) return [];
  return data.problems.flatMap((p: unknown) =>
    typeof p === 'object' && p !== null && 'message' in p && typeof p.message === 'string' ? [p.message] : [],
  );
}

type Step = { kind: 'form' } | { kind: 'preview'; preview: ScriptPreview } | { kind: 'run'; id: number };

/**
 * The one flow every script's page follows (docs/scripts.md): its form; a preview that changes nothing and shows the
 * count and the first rows, with the whole list as .xlsx; a confirmation that names the count (and says when it cannot
 * be undone); then the run with its progress, outcomes, log and undo. A read-only script's preview is its report.
 */
export function ScriptFlow<V>({ script, form, initialValues, children, toInput }: ScriptFlowProps<V>) {
  const { t, lang } = useI18n();
  const { modal } = App.useApp();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const columns = useItemColumns(script);
  // A file refused for its rows (load) names each problem: listed under the refusal's message.
  const [problems, setProblems] = useState<readonly string[]>([]);
  const preview = useSubmit(async (values: V) => {
    setProblems([]);
    try {
      const answer = await call(api.scripts.preview, { body: await toInput(values) }, { errorDisplay: 'none' });
      setStep(answer.run.state === 'preview' ? { kind: 'preview', preview: answer } : { kind: 'run', id: answer.run.id });
    } catch (e) {
      if (isApiError(e)) setProblems(problemsOf(e.data));
      throw e;
    }
  });

  const confirm = ({ run }: ScriptPreview) => {
    const name = t(`scripts.name.${script}`);
    modal.confirm({
      title: t('scripts.flow.confirmTitle'),
      content: (
        <div data-testid="script-confirm">
          <Typography.Paragraph>{t('scripts.flow.confirmBody', { count: run.total, script: name })}</Typography.Paragraph>
          <Typography.Paragraph type={run.noUndo ? 'warning' : 'secondary'}>
            {run.noUndo
              ? t('scripts.flow.noUndoWarning', { reason: serverMessage(lang, run.noUndo as MessageKey) })
              : t('scripts.flow.undoable')}
          </Typography.Paragraph>
        </div>
      ),
      okText: t('scripts.flow.confirmOk', { count: run.total }),
      okButtonProps: { danger: true, 'data-testid': 'script-confirm-ok' },
      onOk: async () => {
        const started = await call(api.scripts.start, { params: { id: run.id }, body: { count: run.total } });
        setStep({ kind: 'run', id: started.id });
      },
    });
  };

  const again = (
    <Button
      icon={<ReloadOutlined />}
      onClick={() => {
        setStep({ kind: 'form' });
      }}
      data-testid="script-again"
    >
      {t('scripts.flow.again')}
    </Button>
  );

  return (
    <div className="dms-script" data-testid={`script-${script}`}>
      <Typography.Title level={4}>{t(`scripts.name.${script}`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(`scripts.help.${script}`)}</Typography.Paragraph>
      {step.kind === 'form' && (
        <Card>
          <Form<V>
            form={form}
            layout="vertical"
            initialValues={initialValues}
            onFinish={(v) => void preview.run(v)}
            onValuesChange={preview.clearError}
            className="dms-script-form"
          >
            {children}
            {preview.error && problems.length === 0 && (
              <Alert type="error" showIcon title={preview.error} data-testid="script-error" style={{ marginBottom: 16 }} />
            )}
            <ProblemList testId="script-problems" title={preview.error ?? ''} messages={problems} />
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<EyeOutlined />} loading={preview.busy} data-testid="script-preview">
                {t('scripts.flow.preview')}
              </Button>
              <Typography.Text type="secondary">{t('scripts.flow.previewHelp')}</Typography.Text>
            </Space>
          </Form>
        </Card>
      )}
      {step.kind === 'preview' && (
        <Card>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text strong data-testid="script-preview-count">
              {t('scripts.flow.found', { count: step.preview.run.total })}
            </Typography.Text>
            {step.preview.run.total > step.preview.items.length && (
              <Typography.Text type="secondary">
                {t('scripts.flow.firstRows', { shown: step.preview.items.length, count: step.preview.run.total })}
              </Typography.Text>
            )}
            <Table
              size="small"
              rowKey="seq"
              data-testid="script-preview-items"
              columns={columns}
              dataSource={step.preview.items}
              pagination={false}
              scroll={{ x: 1040, y: 420 }}
            />
            <Space wrap>
              <Button
                type="primary"
                danger
                icon={<CaretRightOutlined />}
                onClick={() => {
                  confirm(step.preview);
                }}
                data-testid="script-run"
              >
                {t('scripts.flow.run', { count: step.preview.run.total })}
              </Button>
              <ExportButton
                testId="script-preview-export"
                label={t('scripts.flow.download')}
                body={{ kind: 'script-items', filter: { runId: step.preview.run.id } }}
              />
              {again}
            </Space>
          </Space>
        </Card>
      )}
      {step.kind === 'run' && (
        <Card>
          <RunPanel id={step.id} extra={again} />
        </Card>
      )}
    </div>
  );
}
