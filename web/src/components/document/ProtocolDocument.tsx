import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Select, Space, Table, Tag, type DescriptionsProps } from 'antd';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@dms/contract';
import { ExportButton, type ExportWhat } from '@/components/list-page/ExportButton';
import { useI18n } from '@/i18n';
import './protocol.css';

type Cell = string | number;

export interface ProtocolDocumentProps {
  /** data-testid of the card; its controls are `${testId}-version`, `-language`, `-print`, `-export`, `-table`. */
  testId: string;
  title: string;
  /** The version shown (a tag beside the title), and the versions to pick from. */
  version: number;
  versions: { value: string; options: ReadonlyArray<{ value: string; label: string }>; onChange: (value: string) => void };
  language: Language;
  onLanguage: (language: Language) => void;
  exportBody: ExportWhat;
  details: NonNullable<DescriptionsProps['items']>;
  /** The document's cells (the same as its .xlsx), and each column's width; the last column's lines wrap. */
  sheet: { headers: readonly string[]; rows: ReadonlyArray<readonly Cell[]> };
  widths: readonly number[];
}

/**
 * A protocol document as service engineers read it (a controller type's register table, a box type's parameters):
 * in the language of its address, one version of it, printed alone (protocol.css) or downloaded as .xlsx with the
 * same cells. The page's own words stay in the user's language.
 */
export function ProtocolDocument(p: ProtocolDocumentProps) {
  const { t } = useI18n();
  const columns = p.sheet.headers.map((header, i) => ({
    key: String(i),
    title: header,
    width: p.widths[i],
    render: (_: unknown, row: readonly Cell[]) => row[i],
    className: i === p.sheet.headers.length - 1 ? 'dms-protocol-values' : undefined,
  }));
  return (
    <Card
      className="dms-wrap-head dms-protocol"
      data-testid={p.testId}
      title={
        <Space wrap>
          {p.title}
          <Tag data-testid={`${p.testId}-version`}>v{p.version}</Tag>
        </Space>
      }
      extra={
        <Space wrap className="dms-no-print">
          <Select<string>
            data-testid={`${p.testId}-alias`}
            aria-label={t('common.document.versionPick')}
            style={{ width: 180 }}
            value={p.versions.value}
            options={[...p.versions.options]}
            onChange={p.versions.onChange}
          />
          <Select<Language>
            data-testid={`${p.testId}-language`}
            aria-label={t('common.document.language')}
            style={{ width: 130 }}
            value={p.language}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={p.onLanguage}
          />
          <Button
            icon={<PrinterOutlined />}
            data-testid={`${p.testId}-print`}
            onClick={() => {
              window.print();
            }}
          >
            {t('common.document.print')}
          </Button>
          <ExportButton testId={`${p.testId}-export`} body={p.exportBody} />
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }} items={p.details} />
      <Table<readonly Cell[]>
        data-testid={`${p.testId}-table`}
        rowKey={(row) => String(row[0])}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={[...p.sheet.rows]}
        scroll={{ x: p.widths.reduce((a, b) => a + b, 0) }}
      />
    </Card>
  );
}
