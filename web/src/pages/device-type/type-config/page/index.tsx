import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Empty, Form, Input, Popconfirm, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import {
  api,
  CHART_ROLES,
  LANGUAGE_NAMES,
  LANGUAGES,
  message as serverMessage,
  PAGE_ALIAS,
  PAGE_LIMITS,
  pageProblems,
  type RegisterDef,
  type TypeEditView,
  type TypePageConfig,
  type TypePageView,
} from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { formatTime } from '@/lib/format-time';
import { registerName } from '@/lib/localized';
import { typeEditPath, typePagePath } from '@/pages/device-type/paths';
import { ProblemList } from '@/components/forms/ProblemList';
import { TypeLoader } from '../TypeLoader';
import { PagePreview } from './PagePreview';

/** The reads a saved page changes: this page and the device pages that show it. */
const PAGE_READS = [api.controllerTypes.typePage, api.devices.detail];

/**
 * /device-type/type-config/page/{id}/{alias} (root): what a device's detail page shows for this type, for one alias
 * (`default`, or a box firmware version): the register groups with their registers in order, the gauges, the on/off
 * buttons and the header's key figures, checked against the map as they are edited (contract `pageProblems`), beside a
 * live preview on a device of the type. Save applies it to the type's devices at once.
 */
export default function TypePagePage() {
  const { t } = useI18n();
  const params = useParams();
  const alias = params.alias ?? '';
  return (
    <TypeLoader title={t('deviceType.route.typePage')} id={Number(params.id)} valid={PAGE_ALIAS.test(alias)}>
      {(type) => <PageLoader type={type} alias={alias} />}
    </TypeLoader>
  );
}

function PageLoader({ type, alias }: { type: TypeEditView; alias: string }) {
  const view = useQuery(endpointQuery(api.controllerTypes.typePage, { params: { id: type.id, alias } }));
  if (!view.data) return <Skeleton active />;
  return <PageEditor key={`${type.id}-${alias}-${view.data.updatedAt ?? 'default'}-${type.version}`} type={type} view={view.data} />;
}

function PageEditor({ type, view }: { type: TypeEditView; view: TypePageView }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const moveTo = useCloseTab();
  const [draft, setDraft] = useState<TypePageConfig>(view.config);
  const [dirty, setDirty] = useState(false);
  const [otherAlias, setOtherAlias] = useState('');
  const problems = useMemo(() => pageProblems(draft, type.registers), [draft, type.registers]);
  const change = (next: TypePageConfig) => {
    setDraft(next);
    setDirty(true);
  };
  const { all, numbers, writable } = useMemo(() => {
    const option = (r: RegisterDef) => ({ value: r.number, label: `${r.number} · ${registerName(r, lang)}` });
    return {
      all: type.registers.map(option),
      numbers: type.registers.filter((r) => r.format === 'number').map(option),
      writable: type.registers.filter((r) => r.writable).map(option),
    };
  }, [type.registers, lang]);

  const save = useSubmit(
    async () => {
      await call(api.controllerTypes.saveTypePage, { params: { id: type.id, alias: view.alias }, body: draft }, { errorDisplay: 'none' });
      setDirty(false);
      void message.success(t('typePage.saved', { code: type.code, alias: view.alias }));
    },
    { invalidates: PAGE_READS },
  );
  const setGroup = (i: number, group: TypePageConfig['groups'][number]) => {
    change({ ...draft, groups: draft.groups.map((g, at) => (at === i ? group : g)) });
  };
  const moveGroup = (i: number, by: number) => {
    const groups = [...draft.groups];
    const [moved] = groups.splice(i, 1);
    if (moved) groups.splice(i + by, 0, moved);
    change({ ...draft, groups });
  };
  const aliases = [...new Set(['default', ...view.aliases, view.alias])];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="type-page">
      <Card
        className="dms-wrap-head"
        title={
          <Space wrap>
            {t('typePage.title', { code: type.code })}
            <Tag data-testid="type-page-alias">{view.alias}</Tag>
            {dirty && <Tag color="orange">{t('typeEdit.unsaved')}</Tag>}
          </Space>
        }
        extra={
          <Space wrap>
            <Link to={typeEditPath(type.id)} data-testid="type-page-editor">
              <Space size={4}>
                <EditOutlined />
                {t('typePage.editor')}
              </Space>
            </Link>
            {view.saved && (
              <Popconfirm
                title={t('typePage.removeConfirm', { alias: view.alias })}
                okButtonProps={{ danger: true, 'data-testid': 'type-page-remove-ok' }}
                onConfirm={() =>
                  void call(api.controllerTypes.removeTypePage, { params: { id: type.id, alias: view.alias } }).then(() => {
                    void message.success(t('typePage.removed', { alias: view.alias }));
                    void invalidate(PAGE_READS);
                  })
                }
              >
                <Button danger icon={<DeleteOutlined />} data-testid="type-page-remove">
                  {t('typePage.remove')}
                </Button>
              </Popconfirm>
            )}
            <Button
              type="primary"
              data-testid="type-page-save"
              disabled={problems.length > 0 || (!dirty && view.saved)}
              loading={save.busy}
              onClick={() => void save.run()}
            >
              {t('typePage.save')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('typePage.help')}</Typography.Paragraph>
        <Space wrap>
          <Select<string>
            data-testid="type-page-aliases"
            aria-label={t('typePage.alias')}
            style={{ width: 180 }}
            value={view.alias}
            options={aliases.map((a) => ({ value: a, label: a }))}
            onChange={(a) => {
              moveTo(typePagePath(type.id, a));
            }}
          />
          <Space.Compact>
            <Input
              data-testid="type-page-new-alias"
              aria-label={t('typePage.openAlias')}
              placeholder={t('typePage.openAlias')}
              maxLength={32}
              style={{ width: 180 }}
              value={otherAlias}
              onChange={(e) => {
                setOtherAlias(e.target.value.trim());
              }}
            />
            <Button
              data-testid="type-page-open-alias"
              disabled={!PAGE_ALIAS.test(otherAlias)}
              onClick={() => {
                moveTo(typePagePath(type.id, otherAlias));
              }}
            >
              {t('typePage.open')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary" data-testid="type-page-state">
            {view.saved && view.updatedAt !== null
              ? `${formatTime(view.updatedAt, lang)}${view.updatedBy ? ` · ${view.updatedBy}` : ''}`
              : t('typePage.notSaved')}
          </Typography.Text>
        </Space>
        {save.error && <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} title={save.error} />}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={11}>
          <Card size="small" title={t('typePage.groups')} data-testid="type-page-groups">
            <ProblemList
              testId="type-page-problems"
              title={t('typePage.problems', { count: problems.length })}
              messages={problems.map((p) => serverMessage(lang, p.key, p.params))}
            />
            {draft.groups.map((g, i) => (
              <Card
                key={i}
                size="small"
                type="inner"
                style={{ marginBottom: 12 }}
                data-testid={`type-page-group-${i}`}
                title={t('typePage.group', { n: i + 1 })}
                extra={
                  <Space size={4}>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('typePage.up')}
                      disabled={i === 0}
                      onClick={() => {
                        moveGroup(i, -1);
                      }}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('typePage.down')}
                      disabled={i === draft.groups.length - 1}
                      onClick={() => {
                        moveGroup(i, 1);
                      }}
                    />
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('typePage.removeGroup')}
                      data-testid={`type-page-group-remove-${i}`}
                      disabled={draft.groups.length === 1}
                      onClick={() => {
                        change({ ...draft, groups: draft.groups.filter((_, at) => at !== i) });
                      }}
                    />
                  </Space>
                }
              >
                <Form layout="vertical" component="div">
                  <Row gutter={8}>
                    {[lang, ...LANGUAGES.filter((l) => l !== lang)].map((l) => (
                      <Col xs={24} sm={12} key={l}>
                        <Form.Item label={t('typePage.groupName', { language: LANGUAGE_NAMES[l] })} style={{ marginBottom: 8 }}>
                          <Input
                            data-testid={`type-page-group-${i}-name-${l}`}
                            maxLength={64}
                            status={g.name[l].trim() ? undefined : 'error'}
                            value={g.name[l]}
                            onChange={(e) => {
                              setGroup(i, { ...g, name: { ...g.name, [l]: e.target.value } });
                            }}
                          />
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                  <Form.Item label={t('typePage.groupRegisters')} style={{ marginBottom: 0 }}>
                    <Select<number[]>
                      mode="multiple"
                      data-testid={`type-page-group-${i}-registers`}
                      maxTagCount="responsive"
                      showSearch={{ optionFilterProp: 'label' }}
                      options={all}
                      value={g.registers}
                      onChange={(registers) => {
                        setGroup(i, { ...g, registers });
                      }}
                    />
                  </Form.Item>
                </Form>
              </Card>
            ))}
            <Button
              icon={<PlusOutlined />}
              data-testid="type-page-add-group"
              disabled={draft.groups.length >= PAGE_LIMITS.groups}
              onClick={() => {
                const n = draft.groups.length + 1;
                const name = Object.fromEntries(
                  LANGUAGES.map((l) => [l, t('typePage.group', { n })]),
                ) as TypePageConfig['groups'][number]['name'];
                change({ ...draft, groups: [...draft.groups, { name, registers: [] }] });
              }}
            >
              {t('typePage.addGroup')}
            </Button>
          </Card>
          <Card size="small" style={{ marginTop: 16 }}>
            <Form layout="vertical" component="div">
              {(
                [
                  { field: 'keyFigures', options: numbers, testId: 'type-page-key-figures' },
                  { field: 'gauges', options: numbers, testId: 'type-page-gauges' },
                  { field: 'switches', options: writable, testId: 'type-page-switches' },
                ] as const
              ).map(({ field, options, testId }) => (
                <Form.Item key={field} label={t(`typePage.${field}`)} style={field === 'switches' ? { marginBottom: 0 } : undefined}>
                  <Select<number[]>
                    mode="multiple"
                    data-testid={testId}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={options}
                    value={draft[field]}
                    maxCount={PAGE_LIMITS[field]}
                    onChange={(chosen) => {
                      change({ ...draft, [field]: chosen });
                    }}
                  />
                </Form.Item>
              ))}
              {type.kind === 'maglev' && (
                <>
                  <Typography.Title level={5} style={{ marginTop: 16 }}>
                    {t('typePage.chartRoles')}
                  </Typography.Title>
                  <Row gutter={8}>
                    {CHART_ROLES.map((role) => (
                      <Col xs={24} sm={12} key={role}>
                        <Form.Item label={t(`typePage.role.${role}`)} style={{ marginBottom: 8 }}>
                          <Select<number>
                            allowClear
                            data-testid={`type-page-role-${role}`}
                            showSearch={{ optionFilterProp: 'label' }}
                            options={numbers}
                            value={draft.roles[role]}
                            onChange={(n: number | null | undefined) => {
                              const roles = Object.fromEntries(Object.entries(draft.roles).filter(([r]) => r !== role));
                              change({ ...draft, roles: n === null || n === undefined ? roles : { ...roles, [role]: n } });
                            }}
                          />
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                </>
              )}
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={13}>
          {view.preview ? (
            <PagePreview address={view.preview} page={draft} />
          ) : (
            <Card size="small" title={t('typePage.preview')}>
              <Empty description={t('typePage.noDevice')} data-testid="type-page-no-device" />
            </Card>
          )}
        </Col>
      </Row>
    </Space>
  );
}
