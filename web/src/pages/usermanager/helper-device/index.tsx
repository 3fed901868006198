import { Button, Checkbox, Switch, type TableColumnsType } from 'antd';
import { api, type HelperDeviceRow, type PersonSummary } from '@dms/contract';
import { useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { HELPER_PAGES } from '../kinds';
import { PersonDevicesCards, edgeColumn, linkedAtColumn, usePersonDevices, type PersonDevicesQuery } from '../PersonDevices';
import { PersonFrame } from '../PersonFrame';

/** The devices shared with the helper and those to share; a share, a recall or a switch right changes both, and the helper list's counts. */
const LISTS = {
  linked: (query: PersonDevicesQuery) => endpointQuery(api.usermanager.getSharedDevices, { query }),
  linkable: (query: PersonDevicesQuery) => endpointQuery(api.usermanager.getUnsharedDevices, { query }),
  changes: [api.usermanager.getSharedDevices, api.usermanager.getUnsharedDevices, api.usermanager.getHelpers],
};

/** The switch right on every shared device, given or taken. */
const ALL_SWITCH = [
  { testId: 'helper-grant-all', call: api.usermanager.addAllDeviceUserPermission, label: 'helpers.grantAll' },
  { testId: 'helper-remove-all', call: api.usermanager.delAllDeviceUserPermission, label: 'helpers.removeAll' },
] as const;

/**
 * /usermanager/helper-device?userId=: the devices shared with one of the caller's helpers, named at the top, with the
 * switch right per device, and the caller's own devices to share (docs/people.md). Someone else's helper (or nobody)
 * gets a page saying so. Every action refreshes both lists.
 */
export default function HelperDevicePage() {
  return <PersonFrame kind={HELPER_PAGES}>{(p) => <HelperDevices person={p} />}</PersonFrame>;
}

function HelperDevices({ person }: { person: PersonSummary }) {
  const [withSwitch, setWithSwitch] = useState(false);
  const page = usePersonDevices(HELPER_PAGES, person, LISTS, 180);
  const { t, lang, mobile, userId, none, selected, busy, run, base } = page;

  const sharedColumns: TableColumnsType<HelperDeviceRow> = [
    ...base,
    linkedAtColumn('sharedAt', t('helpers.sharedAt'), lang),
    edgeColumn('switch', t('helpers.switchRight'), 120, mobile, (r) => (
      <Switch
        size="small"
        checked={r.canSwitch}
        disabled={busy}
        data-testid={`helper-switch-${r.boxId}-${r.controller}`}
        onChange={(on) =>
          void run(() =>
            call(on ? api.usermanager.addDeviceUserPermission : api.usermanager.delDeviceUserPermission, {
              body: { userId, deviceId: r.deviceId },
            }),
          )
        }
      />
    )),
    edgeColumn('recall', t('helpers.actions'), 100, mobile, (r) => (
      <Button
        type="link"
        size="small"
        danger
        disabled={busy}
        data-testid={`helper-recall-${r.boxId}-${r.controller}`}
        onClick={() => void run(() => call(api.usermanager.recallSharedDevice, { body: { userId, deviceId: r.deviceId } }))}
      >
        {t('helpers.recall')}
      </Button>
    )),
  ];

  return (
    <PersonDevicesCards
      page={page}
      linked={{
        columns: sharedColumns,
        scrollX: 1040,
        actions: ALL_SWITCH.map((a) => (
          <Button
            key={a.testId}
            size="small"
            disabled={busy || none}
            data-testid={a.testId}
            onClick={() => void run(() => call(a.call, { body: { userId } }))}
          >
            {t(a.label)}
          </Button>
        )),
      }}
      linkable={{
        columns: base,
        scrollX: 700,
        actions: (
          <>
            <Checkbox
              checked={withSwitch}
              data-testid="helper-with-switch"
              onChange={(e) => {
                setWithSwitch(e.target.checked);
              }}
            >
              {t('helpers.withSwitch')}
            </Checkbox>
            <Button
              size="small"
              type="primary"
              disabled={busy || selected.length === 0}
              loading={busy}
              data-testid="helper-share-selected"
              onClick={() =>
                void run(async () => {
                  let changed = 0;
                  for (const deviceId of selected)
                    changed += (await call(api.usermanager.shareDevice, { body: { userId, deviceId, canSwitch: withSwitch } })).changed;
                  return { changed };
                })
              }
            >
              {t('helpers.shareSelected', { count: selected.length })}
            </Button>
            <Button
              size="small"
              disabled={busy || (page.linkable.data?.items.length ?? 0) === 0}
              data-testid="helper-share-all"
              onClick={() => void run(() => call(api.usermanager.shareAllDevice, { body: { userId, canSwitch: withSwitch } }))}
            >
              {t('helpers.shareAll')}
            </Button>
          </>
        ),
      }}
    />
  );
}
