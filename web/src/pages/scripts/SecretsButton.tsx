import { KeyOutlined } from '@ant-design/icons';
import { App, Button, Table, Typography } from 'antd';
import { api, type RunSecrets } from '@dms/contract';
import { useState } from 'react';
import { call } from '@/api/call';
import { saveBlob } from '@/api/download';
import { useI18n } from '@/i18n';

/**
 * The passwords a run generated: read from the server once (it forgets them as it answers), shown in a dialog with a
 * .csv download, and gone when the dialog closes.
 */
export function SecretsButton({ runId, onRead }: { runId: number; onRead: () => void }) {
  const { t } = useI18n();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const show = async () => {
    setBusy(true);
    try {
      const secrets: RunSecrets = await call(api.scripts.secrets, { params: { id: runId } });
      const csv = ['user,password', ...secrets.map((s) => `"${s.target.replace(/"/g, '""')}",${s.secret}`)].join('\n');
      modal.info({
        width: 560,
        title: t('scripts.run.secretsTitle'),
        okText: t('scripts.run.close'),
        content: (
          <>
            <Typography.Paragraph type="warning">{t('scripts.run.secretsHelp')}</Typography.Paragraph>
            <Table
              size="small"
              rowKey="target"
              pagination={false}
              data-testid="script-secrets"
              dataSource={secrets}
              columns={[
                { key: 'target', title: t('scripts.run.secretsUser'), dataIndex: 'target' },
                {
                  key: 'secret',
                  title: t('scripts.run.secretsPassword'),
                  dataIndex: 'secret',
                  render: (v: string) => (
                    <Typography.Text code copyable data-testid="script-secret">
                      {v}
                    </Typography.Text>
                  ),
                },
              ]}
            />
            <Button
              style={{ marginTop: 12 }}
              onClick={() => {
                saveBlob(new Blob([csv], { type: 'text/csv' }), `passwords-run-${runId}.csv`);
              }}
            >
              {t('scripts.run.secretsDownload')}
            </Button>
          </>
        ),
      });
    } finally {
      setBusy(false);
      onRead();
    }
  };
  return (
    <Button type="primary" icon={<KeyOutlined />} loading={busy} onClick={() => void show()} data-testid="script-secrets-show">
      {t('scripts.run.secrets')}
    </Button>
  );
}
