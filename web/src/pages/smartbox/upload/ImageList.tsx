import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Grid, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, IMAGE_KINDS, type ImageKind, type ImageRow } from '@dms/contract';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { call, endpointQuery } from '@/api/call';
import { isApiError } from '@/api/client';
import { saveBlob } from '@/api/download';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import { oneOfParam, textParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { formatSize } from '@/lib/format-size';
import { shortSha } from './digest';

/** The URL keeps the kind and the search (`?kind=firmware&q=2.5`) with the page; newest first. */
const IMAGE_LIST: ListSpec<{ kind: ImageKind | undefined; q: string | undefined }> = {
  filter: { kind: oneOfParam(IMAGE_KINDS), q: textParam(64) },
};
/** What deleting an image changes: the list, and the upload log (its downloads go with it). */
const DELETE_READS = [api.smartbox.images, api.smartbox.fileSends];

/**
 * The images uploaded (root), newest first: what each is, its file, size and SHA-256, who uploaded it, how many boxes run
 * it and downloaded it; each downloaded, or deleted while no rollout used it (the server refuses otherwise, and says so).
 */
export function ImageList() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(IMAGE_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(
    endpointQuery(api.smartbox.images, {
      query: { ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.q ? { q: filter.q } : {}), page, page_size: pageSize },
    }),
  );
  const rowsOnPage = rows.data.items.length;

  const columns = useMemo<TableColumnsType<ImageRow>>(
    () => [
      {
        key: 'version',
        title: t('firmware.upload.images.version'),
        width: 120,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => <span data-testid={`image-version-${r.id}`}>{r.version}</span>,
      },
      {
        key: 'kind',
        title: t('firmware.upload.images.kind'),
        width: 140,
        render: (_: unknown, r) => <Tag color={r.kind === 'firmware' ? 'blue' : 'purple'}>{t(`firmware.upload.kinds.${r.kind}`)}</Tag>,
      },
      { key: 'boxType', title: t('firmware.upload.images.boxType'), dataIndex: 'boxType', width: 120 },
      {
        key: 'fileName',
        title: t('firmware.upload.images.fileName'),
        dataIndex: 'fileName',
        width: 170,
        ellipsis: { showTitle: true },
      },
      {
        key: 'size',
        title: t('firmware.upload.images.size'),
        width: 90,
        render: (_: unknown, r) => (
          <Tooltip title={r.size.toLocaleString(lang)}>
            <span data-testid={`image-size-${r.id}`}>{formatSize(r.size, lang)}</span>
          </Tooltip>
        ),
      },
      {
        key: 'sha256',
        title: t('firmware.upload.images.sha256'),
        width: 170,
        render: (_: unknown, r) => (
          <Tooltip title={<span className="dms-image-wrap">{r.sha256}</span>}>
            <Typography.Text code copyable={{ text: r.sha256 }} data-testid={`image-sha-${r.id}`} data-sha256={r.sha256}>
              {shortSha(r.sha256)}
            </Typography.Text>
          </Tooltip>
        ),
      },
      {
        key: 'notes',
        title: t('firmware.upload.images.notes'),
        dataIndex: 'notes',
        width: 200,
        ellipsis: { showTitle: true },
        ...wideOnly(mobile, 'xl'),
        render: (v: string) => v || '—',
      },
      {
        key: 'uploaded',
        title: t('firmware.upload.images.uploaded'),
        width: 180,
        ...wideOnly(mobile, 'xl'),
        render: (_: unknown, r) => (
          <>
            <div>{formatTime(r.createdAt, lang)}</div>
            <Typography.Text type="secondary">{r.createdBy}</Typography.Text>
          </>
        ),
      },
      {
        key: 'running',
        title: t('firmware.upload.images.running'),
        width: 100,
        render: (_: unknown, r) => (r.kind === 'firmware' ? r.running : '—'),
      },
      { key: 'downloads', title: t('firmware.upload.images.downloads'), dataIndex: 'downloads', width: 100 },
      {
        key: 'actions',
        title: t('firmware.upload.images.actions'),
        width: 180,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => {
          const names = { version: r.version, boxType: r.boxType, kind: t(`firmware.upload.kinds.${r.kind}`) };
          return (
            <Space size={0}>
              <DownloadButton image={r} />
              <DeleteRowButton
                confirm={t('firmware.upload.images.confirmDelete', names)}
                label={t('firmware.upload.images.delete')}
                testId={`image-delete-${r.id}`}
                okTestId={`image-delete-ok-${r.id}`}
                remove={() => call(api.smartbox.deleteImage, { params: { id: r.id } })}
                deleted={t('firmware.upload.images.deleted', names)}
                invalidates={DELETE_READS}
                list={list}
                rowsOnPage={rowsOnPage}
              />
            </Space>
          );
        },
      },
    ],
    [t, lang, mobile, list, rowsOnPage],
  );

  return (
    <ListPage
      title={t('firmware.upload.images.title')}
      extra={<RefreshButton onClick={rows.reload} testId="images-reload" />}
      toolbar={
        <Space wrap className="dms-toolbar">
          <ChoiceFilter<ImageKind>
            testId="images-kind"
            label={t('firmware.upload.images.kind')}
            all={t('firmware.upload.images.allKinds')}
            value={filter.kind}
            values={IMAGE_KINDS}
            labelOf={(k) => t(`firmware.upload.kinds.${k}`)}
            width={180}
            onChange={(kind) => {
              list.setFilter({ kind });
            }}
          />
          <QuerySearch list={list} label={t('firmware.upload.images.search')} testId="images-search" />
        </Space>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="images-table"
      rowKey="id"
      onRow={(r) => ({ 'data-image': r.id, 'data-version': r.version }) as HTMLAttributes<HTMLElement>}
      scroll={{ x: tableWidth(columns, 120, screens) }}
      showTotal={(total) => t('firmware.upload.images.total', { total })}
    />
  );
}

/** Saves an image's file as root downloads it (with the session; a box's own downloads are in the upload log). */
function DownloadButton({ image }: { image: ImageRow }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  async function download(): Promise<void> {
    setBusy(true);
    try {
      saveBlob(await call(api.smartbox.imageFile, { params: { id: image.id } }), image.fileName);
    } catch (error) {
      // The download speaks for itself only when it fails: its refusal is shown here.
      if (!isApiError(error)) throw error;
      if (error.message) void message.error(error.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      type="link"
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid={`image-download-${image.id}`}
      onClick={() => void download()}
    >
      {t('firmware.upload.images.download')}
    </Button>
  );
}
