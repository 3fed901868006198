import { z } from 'zod';

// ---- /health ----

export const HEALTH_STATES = ['up', 'down'] as const;
export const healthState = z.enum(HEALTH_STATES);
export type HealthState = z.infer<typeof healthState>;

/**
 * Whether the server can do its work: each part up or down, and `status` up only when every part is. Nothing else
 * (no versions, no hosts): anyone may ask.
 */
export const health = z.object({
  status: healthState,
  parts: z.object({
    /** A trivial query answered within a short timeout. */
    database: healthState,
    /** The boxes' broker: always up when embedded; an external one while the server is connected and subscribed. */
    broker: healthState,
    /**
     * With REDIS_URL only: whether the event bus's connection to Redis is up. Not part of `status`: without Redis an
     * instance still serves its consoles and hears its boxes (what it shares waits until Redis is back), and a balancer
     * that took every instance out for an outage of Redis would stop the whole service.
     */
    redis: healthState.optional(),
  }),
});
export type Health = z.infer<typeof health>;
