import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Collapse,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import {
  api,
  DEFAULT_WRITES,
  LEVEL_MAX,
  LEVEL_MIN,
  registerRight,
  rightKey,
  type ControllerTypeSummary,
  type RegisterDef,
  type RegisterRight,
  type TemplateDefaultWrite,
  type TemplateDetail,
  type TemplateRights,
} from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { defaultWriteLabel, templateName } from '@/features/templates/labels';
import { useI18n } from '@/i18n';
import { localized, registerName } from '@/lib/localized';
import { PERMISSION_PATH } from '@/pages/device-type/paths';

/** A register right the template names, by `rightKey(typeId, register)`. */
type Rights = ReadonlyMap<string, RegisterRight>;
interface Defaults {
  defaultRead: boolean;
  defaultWrite: TemplateDefaultWrite;
}

/**
 * /device-type/permission/modify/{id} (root): a template's name, level and defaults, and per controller type and
 * register a read and a write right, with "all read", "all write" and "none" per type; saved in one step.
 */
export default function PermissionModifyPage() {
  const { t } = useI18n();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...endpointQuery(api.permissionTemplates.get, { params: { id: valid ? id : 1 } }), enabled: valid });
  const types = useQuery(endpointQuery(api.controllerTypes.list, {}));
  if (!valid || detail.isError) {
    return (
      <Card title={t('deviceType.route.permissionModify')}>
        <Empty description={t('permissionTemplates.notFound')}>
          <Link to={PERMISSION_PATH}>{t('permissionTemplates.back')}</Link>
        </Empty>
      </Card>
    );
  }
  if (!detail.data || !types.data) {
    return (
      <Card title={t('deviceType.route.permissionModify')}>
        <Skeleton active />
      </Card>
    );
  }
  // A fresh editor for each saved version: its state starts from what the server holds.
  return <Editor key={`${detail.data.id}-${detail.data.updatedAt}`} template={detail.data} types={types.data} />;
}

function Editor({ template, types }: { template: TemplateDetail; types: readonly ControllerTypeSummary[] }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [fields, setFields] = useState({
    name: template.name,
    level: template.level,
    defaultRead: template.defaultRead,
    defaultWrite: template.defaultWrite,
    remark: template.remark,
  });
  const [rights, setRights] = useState<Rights>(() => new Map(template.rights.map((r) => [rightKey(r.typeId, r.register), r])));
  const [dirty, setDirty] = useState(false);

  const change = (next: Rights) => {
    setRights(next);
    setDirty(true);
  };

  const {
    busy,
    error,
    run: save,
  } = useSubmit(
    async () => {
      const list = [...rights.entries()].map(([key, r]) => {
        const [typeId, register] = key.split(':').map(Number);
        return { typeId: typeId ?? 0, register: register ?? 0, read: r.read, write: r.write };
      });
      await call(
        api.permissionTemplates.save,
        { params: { id: template.id }, body: { ...fields, rights: list } },
        { errorDisplay: 'none' },
      );
      void message.success(t('permissionTemplates.saved'));
      setDirty(false);
    },
    { invalidates: [api.permissionTemplates.get, api.permissionTemplates.list] },
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('permissionTemplates.editTitle', { name: templateName(t, template) })}
        extra={
          <Space wrap>
            {dirty && <Tag color="orange">{t('permissionTemplates.unsaved')}</Tag>}
            <Button type="primary" loading={busy} onClick={() => void save()} data-testid="template-save">
              {t('permissionTemplates.save')}
            </Button>
          </Space>
        }
      >
        <Form layout="vertical" className="dms-template-form">
          <Space wrap size={16} align="start">
            <Form.Item label={t('permissionTemplates.name')}>
              <Input
                data-testid="template-name"
                maxLength={64}
                disabled={template.builtin !== null}
                value={template.builtin !== null ? templateName(t, template) : fields.name}
                style={{ width: 240 }}
                onChange={(e) => {
                  setFields({ ...fields, name: e.target.value });
                  setDirty(true);
                }}
              />
            </Form.Item>
            <Form.Item label={t('permissionTemplates.level')} extra={t('permissionTemplates.levelHelp')}>
              <InputNumber
                data-testid="template-level"
                min={LEVEL_MIN}
                max={LEVEL_MAX}
                precision={0}
                value={fields.level}
                onChange={(v) => {
                  if (v !== null) setFields({ ...fields, level: v });
                  setDirty(true);
                }}
              />
            </Form.Item>
            <Form.Item label={t('permissionTemplates.defaultReadLabel')}>
              <Switch
                data-testid="template-default-read"
                checked={fields.defaultRead}
                onChange={(v) => {
                  setFields({ ...fields, defaultRead: v });
                  setDirty(true);
                }}
              />
            </Form.Item>
            <Form.Item label={t('permissionTemplates.defaultWriteLabel')}>
              <Select<TemplateDefaultWrite>
                data-testid="template-default-write"
                style={{ width: 260 }}
                value={fields.defaultWrite}
                options={DEFAULT_WRITES.map((v) => ({ value: v, label: defaultWriteLabel(t, v) }))}
                onChange={(v) => {
                  setFields({ ...fields, defaultWrite: v });
                  setDirty(true);
                }}
              />
            </Form.Item>
            <Form.Item label={t('permissionTemplates.remark')}>
              <Input
                data-testid="template-remark"
                maxLength={255}
                value={fields.remark}
                style={{ width: 280 }}
                onChange={(e) => {
                  setFields({ ...fields, remark: e.target.value });
                  setDirty(true);
                }}
              />
            </Form.Item>
          </Space>
        </Form>
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid="template-error" />}
      </Card>
      <Card title={t('permissionTemplates.rightsTitle')}>
        <Collapse
          data-testid="template-types"
          items={types.map((type) => ({
            key: String(type.id),
            label: (
              <Space>
                {localized(type.name, 'en') && <TypeLabel type={type} />}
                <Tag>{t('permissionTemplates.named', { count: [...rights.keys()].filter((k) => k.startsWith(`${type.id}:`)).length })}</Tag>
              </Space>
            ),
            children: <TypeRights typeId={type.id} rights={rights} defaults={fields} onChange={change} />,
          }))}
        />
      </Card>
    </Space>
  );
}

function TypeLabel({ type }: { type: ControllerTypeSummary }) {
  const { lang } = useI18n();
  return <span data-testid={`template-type-${type.code}`}>{localized(type.name, lang)}</span>;
}

/** The registers of one type with their read and write rights, and the per-type shortcuts. */
function TypeRights({
  typeId,
  rights,
  defaults,
  onChange,
}: {
  typeId: number;
  rights: Rights;
  defaults: Defaults;
  onChange: (next: Rights) => void;
}) {
  const { t, lang } = useI18n();
  const type = useQuery(endpointQuery(api.controllerTypes.get, { params: { id: typeId } }));
  const registers = useMemo(() => type.data?.registers ?? [], [type.data]);

  const edited: TemplateRights = { defaultRead: defaults.defaultRead, defaultWrite: defaults.defaultWrite, rights };
  /** What the template as edited lets its holder do, by the server's own rule (a template writes only what it reads). */
  const effective = (def: RegisterDef): RegisterRight => {
    const right = registerRight(edited, typeId, def.number, def.operating === true);
    return { read: right.read, write: def.writable && right.write };
  };
  const set = (def: RegisterDef, right: { read: boolean; write: boolean }) => {
    const next = new Map(rights);
    // A template writes only what it reads (registerRight): ticking write ticks read, unticking read unticks write.
    next.set(rightKey(typeId, def.number), { read: right.read || right.write, write: def.writable && right.write });
    onChange(next);
  };
  const setAll = (pick: (def: RegisterDef) => { read: boolean; write: boolean }) => {
    const next = new Map(rights);
    for (const def of registers) {
      const r = pick(def);
      next.set(rightKey(typeId, def.number), { read: r.read || r.write, write: def.writable && r.write });
    }
    onChange(next);
  };
  const clear = () => {
    const next = new Map(rights);
    for (const def of registers) next.delete(rightKey(typeId, def.number));
    onChange(next);
  };

  const columns: TableColumnsType<RegisterDef> = [
    { key: 'number', title: t('permissionTemplates.register'), dataIndex: 'number', width: 90 },
    { key: 'name', title: t('permissionTemplates.parameter'), width: 240, render: (_: unknown, d) => registerName(d, lang) },
    {
      key: 'writable',
      title: t('permissionTemplates.writable'),
      width: 100,
      render: (_: unknown, d) =>
        d.writable ? <Tag color="blue">{t('permissionTemplates.yes')}</Tag> : <Tag>{t('permissionTemplates.no')}</Tag>,
    },
    {
      key: 'read',
      title: t('permissionTemplates.read'),
      width: 80,
      render: (_: unknown, d) => (
        <Checkbox
          data-testid={`template-read-${typeId}-${d.number}`}
          checked={effective(d).read}
          onChange={(e) => {
            set(d, { read: e.target.checked, write: e.target.checked && effective(d).write });
          }}
        />
      ),
    },
    {
      key: 'write',
      title: t('permissionTemplates.write'),
      width: 80,
      render: (_: unknown, d) => (
        <Checkbox
          data-testid={`template-write-${typeId}-${d.number}`}
          disabled={!d.writable}
          checked={effective(d).write}
          onChange={(e) => {
            set(d, { read: effective(d).read || e.target.checked, write: e.target.checked });
          }}
        />
      ),
    },
    {
      key: 'source',
      title: t('permissionTemplates.source'),
      width: 110,
      render: (_: unknown, d) =>
        rights.has(rightKey(typeId, d.number)) ? (
          <Tag color="purple">{t('permissionTemplates.namedTag')}</Tag>
        ) : (
          <Tag>{t('permissionTemplates.defaultTag')}</Tag>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap size={4}>
        <Button
          size="small"
          data-testid={`template-all-read-${typeId}`}
          onClick={() => {
            setAll((d) => ({ read: true, write: effective(d).write }));
          }}
        >
          {t('permissionTemplates.allRead')}
        </Button>
        <Button
          size="small"
          data-testid={`template-all-write-${typeId}`}
          onClick={() => {
            setAll(() => ({ read: true, write: true }));
          }}
        >
          {t('permissionTemplates.allWrite')}
        </Button>
        <Button
          size="small"
          data-testid={`template-none-${typeId}`}
          onClick={() => {
            setAll(() => ({ read: false, write: false }));
          }}
        >
          {t('permissionTemplates.none')}
        </Button>
        <Button size="small" type="link" data-testid={`template-defaults-${typeId}`} onClick={clear}>
          {t('permissionTemplates.useDefaults')}
        </Button>
      </Space>
      <Table<RegisterDef>
        data-testid={`template-registers-${typeId}`}
        rowKey="number"
        size="small"
        loading={type.isFetching}
        columns={columns}
        dataSource={registers}
        pagination={false}
        scroll={{ x: 700, y: 420 }}
      />
    </Space>
  );
}
