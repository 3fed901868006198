import type { FastifyInstance } from 'fastify';
import { refreshReach, refreshReachForCk } from '../access/reach.js';
import * as repo from './repository.js';

/** The CK group some demo boxes carry: demo_manufacturer's, so it and the demo distributors reach them. */
export const DEMO_CK = '1333';
/** How many of demo_manager's devices go to demo_submanager, and how many of those it hides from demo_manager. */
export const DEMO_ASSIGNED = 10;
export const DEMO_HIDDEN = 2;
/** How many of demo_manager's devices are shared with demo_helper, and how many of those with the switch right. */
export const DEMO_SHARED = 5;
export const DEMO_SWITCH = 2;

/**
 * Gives the new demo fleet its people (README "Demo accounts", docs/people.md): the last boxes carry CK 1333; of
 * demo_manager's devices, DEMO_ASSIGNED are assigned to demo_submanager (DEMO_HIDDEN of them hidden from demo_manager)
 * and the next DEMO_SHARED are shared with demo_helper (DEMO_SWITCH with the switch right). One transaction, written
 * as the user-management calls write it, and in the operation log as done by the demo set-up. Runs once, on a new
 * fleet, after its devices exist.
 */
export async function arrangeDemoPeople(app: FastifyInstance, first: number, last: number, now = app.clock()): Promise<void> {
  const users = await repo.usersNamed(app.db, ['demo_manager', 'demo_submanager', 'demo_helper']);
  const id = (name: string) => users.find((u) => u.username === name)?.id;
  const [manager, submanager, helper] = [id('demo_manager'), id('demo_submanager'), id('demo_helper')];
  if (manager === undefined || submanager === undefined || helper === undefined) return;
  const ckBoxes = Math.max(1, Math.round((last - first + 1) / 5));
  const managerDevices = (await repo.devicesOfBoxes(app.db, first, last)).filter((d) => d.owner_id === manager);
  const assigned = managerDevices.slice(0, DEMO_ASSIGNED);
  const shared = managerDevices.slice(DEMO_ASSIGNED, DEMO_ASSIGNED + DEMO_SHARED);
  const ckBoxIds: number[] = [];
  const changed = await app.db.transaction().execute(async (trx) => {
    // What the user-management lists show of them, as their people would have filled it in.
    await trx
      .updateTable('users')
      .set({ company: '无锡恒通精密机械有限公司', phone: '0510-8520 3316', remark: '无锡分厂设备主管' })
      .where('id', '=', submanager)
      .execute();
    await trx
      .updateTable('users')
      .set({ helper_type: 'maintenance', region: '江苏省', phone: '138 1552 0476' })
      .where('id', '=', helper)
      .execute();
    ckBoxIds.push(...(await repo.setBoxesCk(trx, last - ckBoxes + 1, last, DEMO_CK, now)));
    await repo.assignDevices(
      trx,
      assigned.map((d, i) => ({ deviceId: d.id, from: manager, to: submanager, hidden: i < DEMO_HIDDEN })),
      now,
    );
    await repo.shareDevices(
      trx,
      shared.map((d, i) => ({ deviceId: d.id, from: manager, to: helper, canSwitch: i < DEMO_SWITCH })),
      now,
    );
    return [
      ...(await refreshReachForCk(trx, DEMO_CK)),
      ...(await refreshReach(
        trx,
        [...assigned, ...shared].map((d) => d.id),
      )),
    ];
  });
  app.bus.publish('boxCkChanged', { boxIds: ckBoxIds, ck: DEMO_CK });
  app.bus.publish('reachChanged', { userIds: changed });
  app.log.info(
    { ck: DEMO_CK, ckBoxes, assigned: assigned.length, shared: shared.length },
    'demo fleet: CK group, assignments and shares arranged',
  );
}
