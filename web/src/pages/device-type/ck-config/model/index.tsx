import { Alert, App, Button, Card, Checkbox, Descriptions, Empty, Space, Spin, Tag, Typography } from 'antd';
import { api, CK_CODE, type CkRow, type ControllerTypeSummary } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { CK_CONFIG_PATH } from '@/pages/device-type/paths';
import { CK_READS } from '@/features/box-ck/reads';

/**
 * /device-type/CK-config/model/{ck} (root): the controller types the devices of boxes carrying this CK may take, one
 * checkbox a type; none ticked is any type. Saving gives the code's boxes' devices their types at once and says how
 * many changed; a device whose model stands for a type the code does not allow has none (counted as refused).
 */
export default function CkModelPage() {
  const { t } = useI18n();
  const ck = useParams().ck ?? '';
  const valid = CK_CODE.test(ck);
  const row = useQuery({ ...endpointQuery(api.ck.get, { params: { ck: valid ? ck : '0000' } }, { errorDisplay: 'none' }), enabled: valid });
  const types = useQuery(endpointQuery(api.controllerTypes.list, {}));
  if (!valid || row.isError) {
    return (
      <Card title={t('deviceType.route.ckModel')}>
        <Empty description={row.error?.message ?? t('ckConfig.model.invalid')} data-testid="ck-model-missing">
          <Link to={CK_CONFIG_PATH}>{t('ckConfig.model.back')}</Link>
        </Empty>
      </Card>
    );
  }
  if (!row.data || !types.data) return <Spin data-testid="ck-model-loading" />;
  return <CkModel key={`${row.data.ck}-${row.data.updatedAt}`} row={row.data} types={types.data} />;
}

function CkModel({ row, types }: { row: CkRow; types: readonly ControllerTypeSummary[] }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number[]>(() => row.types.map((ty) => ty.id));
  const saved = row.types.map((ty) => ty.id);
  const changed = chosen.length !== saved.length || chosen.some((id) => !saved.includes(id));
  const { busy, error, run } = useSubmit(
    async () => {
      const { devices } = await call(api.ck.saveTypes, { params: { ck: row.ck }, body: { typeIds: chosen } }, { errorDisplay: 'none' });
      void message.success(t('ckConfig.model.saved', { devices }));
    },
    { invalidates: CK_READS },
  );
  return (
    <Card
      className="dms-wrap-head"
      title={t('ckConfig.model.title', { ck: row.ck })}
      extra={
        <Space wrap>
          <Link to={CK_CONFIG_PATH}>{t('ckConfig.model.back')}</Link>
          <Button type="primary" data-testid="ck-model-save" disabled={!changed} loading={busy} onClick={() => void run()}>
            {t('ckConfig.save')}
          </Button>
        </Space>
      }
      data-testid="ck-model"
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('ckConfig.company')}>{row.company || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('ckConfig.boxes')}>{row.boxes}</Descriptions.Item>
        <Descriptions.Item label={t('ckConfig.users')}>{row.users}</Descriptions.Item>
        <Descriptions.Item label={t('ckConfig.refused')}>
          <span data-testid="ck-model-refused">{row.refused}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('ckConfig.updated')}>
          {formatTime(row.updatedAt, lang)}
          {row.updatedBy ? ` · ${row.updatedBy}` : ''}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('ckConfig.model.help')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={error} />}
      {chosen.length === 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('ckConfig.model.none')} data-testid="ck-model-any" />
      )}
      <Checkbox.Group<number>
        value={chosen}
        onChange={(ids) => {
          setChosen(ids);
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {types.map((ty) => (
          <Checkbox key={ty.id} value={ty.id} data-testid={`ck-model-type-${ty.code}`}>
            {ty.name[lang]} <Typography.Text type="secondary">({ty.code})</Typography.Text> <Tag>{t(`devices.kind.${ty.kind}`)}</Tag>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Card>
  );
}
