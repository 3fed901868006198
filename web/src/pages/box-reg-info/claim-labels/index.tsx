import { DownloadOutlined, PrinterOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { api, MAX_LABELS, type ClaimLabel } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { saveBlob } from '@/api/download';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { LabelSheet } from './LabelSheet';
import { pagePng, PER_PAGE, type LabelWords } from './qr';
import '../box-reg.css';

interface Range {
  startBoxId: number;
  endBoxId: number;
}

/** A range from the address (`?start=&end=`, as the list and a registration link here), else none. */
function rangeOf(params: URLSearchParams): Range | null {
  const [start, end] = [Number(params.get('start')), Number(params.get('end'))];
  return Number.isInteger(start) && Number.isInteger(end) && start > 0 && end > 0 ? { startBoxId: start, endBoxId: end } : null;
}

/**
 * /box-reg-info/labels (issue 24; docs/people.md "Claiming a box"): the claim labels of a range of registered boxes,
 * 24 to an A4 page, to print (the browser's print, or its "Save as PDF") or to download page by page as PNG; and
 * voiding them, which gives the boxes new secrets so that the labels printed before claim nothing. Root and
 * limited_admin. The range is kept in the address.
 */
export default function BoxLabelsPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  const [form] = Form.useForm<Range>();
  const sheet = useQuery({
    ...endpointQuery(api.boxRegInfo.labels, { query: range ?? { startBoxId: 0, endBoxId: 0 } }, { errorDisplay: 'none' }),
    enabled: range !== null,
  });
  const labels: ClaimLabel[] = sheet.data?.labels ?? [];
  const [voided, setVoided] = useState<number | null>(null);
  const voiding = useSubmit(
    async () => {
      if (!range) return;
      const result = await call(api.boxRegInfo.voidLabels, { body: range }, { errorDisplay: 'none' });
      setVoided(result.boxIds.length);
    },
    { invalidates: [api.boxRegInfo.labels] },
  );
  const pages = Array.from({ length: Math.ceil(labels.length / PER_PAGE) }, (_, i) => labels.slice(i * PER_PAGE, (i + 1) * PER_PAGE));
  const words: LabelWords = { box: (boxId: number) => t('boxRegInfo.labels.box', { boxId }), hint: t('boxRegInfo.labels.hint') };

  return (
    <Card title={t('boxRegInfo.route.labels')} className="dms-box-labels">
      <Typography.Paragraph type="secondary">{t('boxRegInfo.labels.help', { max: MAX_LABELS })}</Typography.Paragraph>
      <Form<Range>
        form={form}
        layout="inline"
        initialValues={range ?? undefined}
        className="dms-box-labels-form"
        onFinish={(v) => {
          setVoided(null);
          setParams({ start: String(v.startBoxId), end: String(v.endBoxId) });
        }}
      >
        {(['start', 'end'] as const).map((end) => (
          <Form.Item
            key={end}
            name={`${end}BoxId`}
            label={t(`boxRegInfo.labels.${end}`)}
            rules={[{ required: true, message: t('boxRegInfo.labels.rangeNeeded') }]}
          >
            <InputNumber min={1} precision={0} data-testid={`labels-${end}`} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={sheet.isFetching} data-testid="labels-show">
          {t('boxRegInfo.labels.show')}
        </Button>
      </Form>
      {sheet.error && <Alert type="error" showIcon className="dms-form-alert" data-testid="labels-error" title={sheet.error.message} />}
      {voiding.error && <Alert type="error" showIcon className="dms-form-alert" title={voiding.error} />}
      {voided !== null && (
        <Alert
          type="success"
          showIcon
          className="dms-form-alert"
          data-testid="labels-voided"
          title={t('boxRegInfo.labels.voided', { count: voided })}
        />
      )}
      {labels.length > 0 && (
        <>
          <Space wrap className="dms-box-labels-actions">
            <Typography.Text data-testid="labels-count">
              {t('boxRegInfo.labels.count', { count: labels.length, pages: pages.length })}
            </Typography.Text>
            <Button
              icon={<PrinterOutlined />}
              onClick={() => {
                window.print();
              }}
              data-testid="labels-print"
            >
              {t('boxRegInfo.labels.print')}
            </Button>
            <Popconfirm
              title={t('boxRegInfo.labels.voidConfirm', { count: labels.length })}
              okText={t('boxRegInfo.labels.voidOk')}
              okButtonProps={{ danger: true, 'data-testid': 'labels-void-ok' }}
              onConfirm={() => void voiding.run()}
            >
              <Button danger icon={<StopOutlined />} loading={voiding.busy} data-testid="labels-void">
                {t('boxRegInfo.labels.void')}
              </Button>
            </Popconfirm>
          </Space>
          <div className="dms-label-sheet" data-testid="labels-sheet">
            {pages.map((page, i) => (
              <section key={page[0]?.boxId ?? i} className="dms-label-page">
                <div className="dms-label-page-head">
                  <span>{t('boxRegInfo.labels.page', { page: i + 1, pages: pages.length })}</span>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    data-testid={`labels-png-${i + 1}`}
                    onClick={() =>
                      void pagePng(page, words).then((blob) => {
                        saveBlob(blob, `labels-${page[0]?.boxId}-${page.at(-1)?.boxId}.png`);
                      })
                    }
                  >
                    PNG
                  </Button>
                </div>
                <LabelSheet labels={page} words={words} />
              </section>
            ))}
          </div>
        </>
      )}
    </Card>
  );
}
