import { NotificationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { api, type AudienceUser, type ScriptRun } from '@dms/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '@/api/call';
import { useI18n } from '@/i18n';

/** Items read a page at a time while the owners are gathered. */
const PAGE = 200;

/** The box delete page with a box handed over (it is filled in and shown). */
export const boxDeletePath = (boxId: number) => `/smartbox/box-delete?boxId=${boxId}`;

/**
 * check-inactive's hand-off to an announcement: the owners of every box the report found (each once), handed to
 * /notice/notice-create as its chosen people. Each box's own hand-off to box delete is a link on its row (ItemTable).
 */
export function WriteToOwners({ run }: { run: ScriptRun }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (run.script !== 'check-inactive' || run.total === 0) return null;
  const go = async () => {
    setBusy(true);
    try {
      const owners = new Map<number, AudienceUser>();
      for (let page = 1; (page - 1) * PAGE < run.total; page++) {
        const { items } = await call(api.scripts.items, { params: { id: run.id }, query: { page, page_size: PAGE } });
        for (const { subject } of items)
          if (subject?.userId !== undefined && subject.username)
            owners.set(subject.userId, { id: subject.userId, username: subject.username });
      }
      const users = [...owners.values()].map((u) => `${u.id}:${u.username}`).join(',');
      void navigate(`/notice/notice-create?users=${encodeURIComponent(users)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<NotificationOutlined />} loading={busy} onClick={() => void go()} data-testid="script-handoff-notice">
      {t('scripts.run.writeToOwners')}
    </Button>
  );
}
