import { randomBytes } from 'node:crypto';
import { Code, type NotificationKind, type WebhookRow } from '@dms/contract';
import type { Selectable } from 'kysely';
import type { NotifyWebhooksTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** The refusal of a webhook that is not there. */
export const webhookNotFound = (id: number) => new AppError(Code.NOT_FOUND, 'error.webhookNotFound', { id });

/** A new webhook secret (shown once). */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** A webhook as root sees it: its secret only by its last characters. */
export function toWebhook(r: Selectable<NotifyWebhooksTable>): WebhookRow {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    kinds: JSON.parse(r.kinds) as NotificationKind[],
    enabled: r.enabled === 1,
    secretHint: `…${r.secret.slice(-4)}`,
    createdAt: r.created_at,
  };
}
