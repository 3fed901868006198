import type {} from '../realtime.js';

/*
 * The box tools' live events (root's consoles; the server's smartbox module publishes them as `liveToRole`).
 */
declare module '../realtime.js' {
  interface ServerEvents {
    /**
     * Commands to boxes moved on (docs/box-protocol.md "Commands"): the batches (`job`) that changed in the last quarter
     * second. Screens showing them reload.
     */
    boxCommands: { jobs: string[] };
    /** Rollouts that moved on: a batch started, boxes changed state, or the rollout ended. */
    rollouts: { ids: number[] };
    /** Box moves (/smartbox/ip-config) that moved on, by batch (`job`). */
    boxMoves: { jobs: string[] };
  }
}
