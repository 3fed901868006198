import { App, Form, Select, Typography } from 'antd';
import { api } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call, endpointQuery } from '@/api/call';
import { isApiError } from '@/api/client';
import { useInvalidate } from '@/api/invalidate';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { CK_READS } from '@/features/box-ck/reads';

interface GenerateForm {
  typeIds: number[] | undefined;
  cks: string[] | undefined;
}

/**
 * Bulk generation of the CK mappings (spec 5): the types every chosen code (or every code) gets. The server answers
 * the first send with 20004 and the counts of mappings deleted and created; the console's warning box shows them, and
 * its OK sends the generation again, confirmed (spec 8). Cancel changes nothing.
 */
export function GenerateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<GenerateForm>();
  const types = useQuery({ ...endpointQuery(api.controllerTypes.list, {}), enabled: open });
  const cks = useQuery({ ...endpointQuery(api.ck.list, { query: { page_size: 100 } }), enabled: open });
  const typeOptions = useMemo(
    () => (types.data ?? []).map((ty) => ({ value: ty.id, label: `${ty.name[lang]} (${ty.code})` })),
    [types.data, lang],
  );
  const ckOptions = useMemo(
    () => (cks.data?.items ?? []).map((c) => ({ value: c.ck, label: c.company ? `${c.ck} · ${c.company}` : c.ck })),
    [cks.data],
  );
  const { busy, error, run, clearError } = useSubmit(async (values: GenerateForm) => {
    const body = { typeIds: values.typeIds ?? [], cks: values.cks ?? [] };
    const confirmed = async () => {
      try {
        const done = await call(api.ck.generate, { body: { ...body, confirm: true } });
        void message.success(t('ckConfig.generated', done));
        void invalidate(CK_READS);
        onClose();
      } catch (e) {
        // A refusal is shown by the request layer; the dialog stays open to change the choice.
        if (!isApiError(e)) throw e;
      }
    };
    try {
      await call(api.ck.generate, { body }, { errorDisplay: 'none', onConfirm: confirmed });
    } catch (e) {
      // The expected answer: the warning box asks, and its OK runs `confirmed`.
      if (isApiError(e) && e.kind === 'warningConfirm') return;
      throw e;
    }
  });
  if (!open) return null;
  return (
    <FormModal<GenerateForm>
      open
      title={t('ckConfig.generateTitle')}
      okText={t('ckConfig.generateOk')}
      okTestId="ck-generate-ok"
      busy={busy}
      form={form}
      initialValues={{ typeIds: [], cks: [] }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('ckConfig.generateHelp')}</Typography.Paragraph>
      <Form.Item name="typeIds" label={t('ckConfig.generateTypes')} help={error ?? undefined} validateStatus={error ? 'error' : undefined}>
        <Select
          mode="multiple"
          data-testid="ck-generate-types"
          showSearch={{ optionFilterProp: 'label' }}
          loading={types.isPending}
          options={typeOptions}
        />
      </Form.Item>
      <Form.Item name="cks" label={t('ckConfig.generateCks')}>
        <Select
          mode="multiple"
          data-testid="ck-generate-cks"
          placeholder={t('ckConfig.generateAll')}
          showSearch={{ optionFilterProp: 'label' }}
          loading={cks.isPending}
          options={ckOptions}
        />
      </Form.Item>
    </FormModal>
  );
}
