import { seedDemoCks } from '../ck/seed.js';
import { ROOT_ROLE, type Role } from '@dms/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { hashPassword } from '../../security/passwords.js';
import { countUsers, findUserByUsername, insertUser } from './repository.js';

interface AccountSpec {
  username: string;
  role: Role;
  level: number;
  name: string;
  parent?: string;
  isManager?: boolean;
  groupExtra?: string;
  introduction?: string;
}

/**
 * One demo account per role of spec section 6, made on the first start of an empty database outside production.
 * Names longer than 20 characters get an obvious short form (qualityController → qualityCtrl, distributor → dist).
 * Levels: lower is higher in the hierarchy (root 1 … end user 8).
 */
export const DEMO_ACCOUNTS: readonly AccountSpec[] = [
  { username: 'demo_root', role: ROOT_ROLE, level: 1, name: 'Demo Root', introduction: 'Root administrator' },
  { username: 'demo_limited_admin', role: 'limited_admin', level: 2, name: 'Demo Limited Admin', parent: 'demo_root' },
  { username: 'demo_manufacturer', role: 'manufacturer', level: 3, name: 'Demo Manufacturer', parent: 'demo_root', groupExtra: '1333' },
  {
    username: 'demo_district_dist',
    role: 'district_distributor',
    level: 4,
    name: 'Demo District Distributor',
    parent: 'demo_manufacturer',
    groupExtra: '1333',
  },
  {
    username: 'demo_regional_dist',
    role: 'regional_distributor',
    level: 5,
    name: 'Demo Regional Distributor',
    parent: 'demo_district_dist',
    groupExtra: '1333',
  },
  { username: 'demo_manager', role: 'manager', level: 6, name: 'Demo Manager', parent: 'demo_root', isManager: true, groupExtra: '2001' },
  { username: 'demo_qualityCtrl', role: 'qualityController', level: 6, name: 'Demo Quality Controller', parent: 'demo_root' },
  { username: 'demo_afterSales', role: 'afterSales', level: 6, name: 'Demo After-sales', parent: 'demo_root' },
  { username: 'demo_afterSalesPlus', role: 'afterSalesPlus', level: 6, name: 'Demo After-sales Plus', parent: 'demo_root' },
  { username: 'demo_market', role: 'market', level: 6, name: 'Demo Market', parent: 'demo_root' },
  {
    username: 'demo_submanager',
    role: 'manager',
    level: 6,
    name: 'Demo Sub-manager',
    parent: 'demo_manager',
    isManager: true,
    groupExtra: '2001',
  },
  { username: 'demo_helper', role: 'helper', level: 7, name: 'Demo Helper', parent: 'demo_manager', groupExtra: '2001' },
  { username: 'demo_end_user', role: 'end_user', level: 8, name: 'Demo End User', parent: 'demo_manager', groupExtra: '2001' },
];

export interface SeedResult {
  kind: 'none' | 'demo' | 'admin';
  usernames: string[];
}

async function createAccounts(db: Db, accounts: readonly AccountSpec[], password: string, now: number): Promise<void> {
  // One hash per account (each with its own salt), computed in parallel on libuv's pool.
  const hashes = await Promise.all(accounts.map(() => hashPassword(password)));
  await db.transaction().execute(async (trx) => {
    for (const [i, a] of accounts.entries()) {
      const parent = a.parent ? await findUserByUsername(trx, a.parent) : undefined;
      await insertUser(trx, {
        username: a.username,
        password_hash: hashes[i] ?? '',
        roles: JSON.stringify([a.role]),
        level: a.level,
        is_manager: a.isManager ? 1 : 0,
        group_extra: a.groupExtra ?? null,
        ck: a.groupExtra ?? null,
        name: a.name,
        avatar: '',
        introduction: a.introduction ?? `${a.name} (${a.role})`,
        remark: 'demo account',
        parent_id: parent?.id ?? null,
        created_at: now,
        password_changed_at: now,
      });
    }
  });
}

/**
 * First start on an empty database: demo accounts outside production; in production only the root admin,
 * with ADMIN_PASSWORD. A database that already has users is left alone.
 */
export async function seedInitialAccounts(
  db: Db,
  config: Pick<Config, 'env' | 'demoPassword' | 'admin'>,
  now: number,
): Promise<SeedResult> {
  if ((await countUsers(db)) > 0) return { kind: 'none', usernames: [] };
  if (config.env === 'production') {
    if (!config.admin.password) throw new Error('ADMIN_PASSWORD is required to create the first root admin');
    const admin: AccountSpec = { username: config.admin.username, role: ROOT_ROLE, level: 1, name: 'Administrator' };
    await createAccounts(db, [admin], config.admin.password, now);
    return { kind: 'admin', usernames: [admin.username] };
  }
  await createAccounts(db, DEMO_ACCOUNTS, config.demoPassword, now);
  await seedDemoCks(db, now);
  return { kind: 'demo', usernames: DEMO_ACCOUNTS.map((a) => a.username) };
}
