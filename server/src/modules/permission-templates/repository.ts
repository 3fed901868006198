import type { TemplateSort } from '@dms/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** One permission template, or undefined. */
export function findTemplate(db: Db, id: number) {
  return db.selectFrom('permission_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What the template list searches for: names LIKE `like` (lower-cased, its wildcards escaped with a backslash) or, for the
 * built-in templates, their keys (found by a name in another language); null finds every template.
 */
export type TemplateSearch = { like: string; builtins: readonly string[] } | null;

export interface TemplateListPage {
  sort: TemplateSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** The templates the search finds; lower() folds ASCII letters only on SQLite. */
function searched(db: Db, search: TemplateSearch) {
  const query = db.selectFrom('permission_templates as t');
  if (!search) return query;
  const { like, builtins } = search;
  return query.where((eb) =>
    eb.or([sql<boolean>`lower(t.name) like ${like} escape '\\'`, ...(builtins.length > 0 ? [eb('t.builtin', 'in', builtins)] : [])]),
  );
}

/**
 * One page of the templates the search finds, with how many enabled users hold each and how many registers each
 * names, sorted by `sort` (users: that count) then by name (case-folded) and id; and how many the search finds.
 */
export async function listTemplates(db: Db, search: TemplateSearch, p: TemplateListPage) {
  const { total } = await searched(db, search)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const name = sql<string>`lower(t.name)`;
  let query = searched(db, search)
    .selectAll('t')
    .select((eb) => [
      eb
        .selectFrom('users as u')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('u.template_id', '=', 't.id')
        .where('u.disabled', '=', 0)
        .as('user_count'),
      eb
        .selectFrom('permission_template_rights as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.template_id', '=', 't.id')
        .as('right_count'),
    ]);
  if (p.sort === 'name') query = query.orderBy(name, p.order);
  else if (p.sort === 'level') query = query.orderBy('t.level', p.order);
  else if (p.sort === 'users') query = query.orderBy('user_count', p.order);
  else query = query.orderBy('t.updated_at', p.order);
  const rows = await query.orderBy(name).orderBy('t.id').offset(p.offset).limit(p.limit).execute();
  return { total, rows };
}
