import { notificationType } from '@dms/contract';
import { viewersOf } from '../access/devices.js';
import type { IngestContext } from './context.js';
import type { IngestEvents } from './events.js';
import * as repo from './repository.js';

/**
 * Notifications: a device's change of condition is stored for the people who see it (its recipients), then is the
 * `notification` event. Listens to the `condition` event.
 */
export function attachNotifier(ctx: IngestContext): void {
  ctx.events.on('condition', ({ device, time }: IngestEvents['condition']) => {
    const type = notificationType(device);
    ctx.later(async () => {
      const recipients = await viewersOf(ctx.db, device.id);
      const id = await repo.insertNotification(ctx.db, { device_id: device.id, type, status: device.status, time }, recipients);
      ctx.events.emit('notification', { id, device, type, status: device.status, time, recipients });
    });
  });
}
