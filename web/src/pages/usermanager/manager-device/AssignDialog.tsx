import { Alert, Modal, Spin, Typography } from 'antd';
import { api, type PersonSummary } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';

/** What the manager asked to assign: one device (named) or a selection. */
export interface AssignAsk {
  deviceIds: number[];
  /** `box/controller` of the one device; null for a selection. */
  device: string | null;
}

/** A person as a sentence names them: the user name, and their name when they have one. */
const who = (p: { username: string; name: string }) => (p.name ? `${p.username} (${p.name})` : p.username);

/**
 * Asks before assigning devices to a sub-manager, and says what the assignment ends (docs/people.md "Sharing": it
 * ends when the sharer stops being the owner): how many of the devices are shared, and each helper who loses devices,
 * with how many; a recall does not bring those shares back. The server answers what would end (`preview_assign`, by
 * the assignment's own rules); until it has, the assignment cannot be confirmed.
 */
export function AssignDialog({
  person,
  ask,
  busy,
  onCancel,
  onConfirm,
}: {
  person: PersonSummary;
  /** null: closed. */
  ask: AssignAsk | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (ask: AssignAsk) => void;
}) {
  const { t } = useI18n();
  const preview = useQuery({
    ...endpointQuery(
      api.usermanager.previewAssign,
      { body: { userId: person.id, deviceIds: ask?.deviceIds ?? [] } },
      { errorDisplay: 'none' },
    ),
    enabled: ask !== null,
    gcTime: 0,
  });
  const data = ask ? preview.data : undefined;
  const count = ask?.deviceIds.length ?? 0;

  return (
    <Modal
      open={ask !== null}
      title={t('managers.assignTitle', { username: person.username })}
      okText={t('managers.assign')}
      cancelText={t('common.action.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ disabled: !data, 'data-testid': 'manager-assign-ok' }}
      cancelButtonProps={{ 'data-testid': 'manager-assign-cancel' }}
      onCancel={onCancel}
      onOk={() => {
        if (ask) onConfirm(ask);
      }}
    >
      <div data-testid="manager-assign-dialog">
        <Typography.Paragraph>
          {ask?.device
            ? t('managers.assignOne', { device: ask.device, username: who(person) })
            : t('managers.assignMany', { count, username: who(person) })}
        </Typography.Paragraph>
        {ask && preview.isPending && <Spin size="small" />}
        {ask && preview.isError && <Alert type="error" showIcon role="alert" title={preview.error.message} />}
        {data &&
          (data.sharedDevices > 0 ? (
            <Alert
              type="warning"
              showIcon
              data-testid="manager-assign-shares"
              title={
                <>
                  {ask?.device
                    ? t('managers.sharesEndOne')
                    : t('managers.sharesEndMany', { shared: data.sharedDevices, total: data.devices })}
                  <ul className="dms-assign-losing">
                    {data.losing.map((p) => (
                      <li key={p.id} data-testid={`manager-assign-loses-${p.username}`}>
                        {t('managers.loses', { who: who(p), count: p.devices })}
                      </li>
                    ))}
                  </ul>
                </>
              }
            />
          ) : (
            <Typography.Text type="secondary" data-testid="manager-assign-no-shares">
              {t('managers.noShares', { count: data.devices })}
            </Typography.Text>
          ))}
      </div>
    </Modal>
  );
}
