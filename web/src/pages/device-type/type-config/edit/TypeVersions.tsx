import { Button, Card, Modal, Table, type TableColumnsType } from 'antd';
import { api, registerMapDiff, type TypeVersionRow } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { MapDiffView } from './MapDiffView';

/** The saved versions of a type, newest first; each one's changes against the version before it, on demand. */
export function TypeVersions({ typeId, current }: { typeId: number; current: number }) {
  const { t, lang } = useI18n();
  const versions = useQuery(endpointQuery(api.controllerTypes.versions, { params: { id: typeId } }));
  const [shown, setShown] = useState<TypeVersionRow | null>(null);
  const rows = useMemo(() => versions.data ?? [], [versions.data]);
  const previous = shown ? rows.find((v) => v.version < shown.version) : undefined;

  const columns = useMemo<TableColumnsType<TypeVersionRow>>(
    () => [
      {
        key: 'version',
        title: t('typeConfig.version'),
        width: 100,
        render: (_: unknown, v) => `v${v.version}${v.version === current ? ` · ${t('typeEdit.current')}` : ''}`,
      },
      { key: 'registers', title: t('typeConfig.registers'), width: 110, render: (_: unknown, v) => v.registers.length },
      { key: 'createdAt', title: t('typeConfig.updated'), width: 180, render: (_: unknown, v) => formatTime(v.createdAt, lang) },
      { key: 'createdBy', title: t('typeConfig.updatedBy'), width: 140, render: (_: unknown, v) => v.createdBy ?? t('typeConfig.release') },
      {
        key: 'changes',
        title: t('typeEdit.changes'),
        width: 140,
        render: (_: unknown, v) => (
          <Button
            type="link"
            size="small"
            data-testid={`type-version-changes-${v.version}`}
            onClick={() => {
              setShown(v);
            }}
          >
            {t('typeEdit.showChanges')}
          </Button>
        ),
      },
    ],
    [t, lang, current],
  );

  return (
    <Card title={t('typeEdit.versions')} data-testid="type-versions">
      <Table<TypeVersionRow>
        rowKey="version"
        size="small"
        loading={versions.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 670 }}
      />
      <Modal
        open={shown !== null}
        title={shown ? t('typeEdit.changesTitle', { version: shown.version, previous: previous ? `v${previous.version}` : '—' }) : ''}
        footer={null}
        width={640}
        onCancel={() => {
          setShown(null);
        }}
      >
        {shown && <MapDiffView diff={registerMapDiff(previous?.registers ?? [], shown.registers)} />}
      </Modal>
    </Card>
  );
}
