import { DEMO_ASSIGNED, DEMO_HIDDEN } from './people.js';

/** A scene of the simulator's `--scene KIND:BOX:AFTER_S` (simulator/src/box.ts). */
export interface DemoScene {
  kind: 'fault' | 'alert' | 'offline' | 'lock';
  boxId: number;
  afterS: number;
}

/**
 * What a fresh demo shows in its first minute (README "Demo accounts"): a device in fault, one in alert and one
 * offline, each with its cause, for the demo manager (on devices neither hidden from them nor assigned away unseen)
 * and the demo end user, a few seconds apart so the dashboard's feed fills as one watches; and a controller of the CK
 * group (the fleet's last boxes, people.ts) locked, for its distributor to unlock with a dynamic password. Boxes [first, first+4] are
 * the end user's; the manager's follow, the first DEMO_ASSIGNED assigned to the sub-manager (DEMO_HIDDEN of them
 * hidden) and the next ones shared with the helper. A fleet too small to hold them all gets none (the end-to-end
 * tests' six boxes keep their steady states).
 */
export function demoScenes(first: number, size: number, endUserBoxes: number): DemoScene[] {
  const manager = first + endUserBoxes;
  const scenes: DemoScene[] = [
    // Shared with the helper: the manager and the helper see the fault.
    { kind: 'fault', boxId: manager + DEMO_ASSIGNED, afterS: 3 },
    // Assigned to the sub-manager and not hidden: the manager and the sub-manager see the warning.
    { kind: 'alert', boxId: manager + DEMO_HIDDEN, afterS: 8 },
    // The manager's own, neither assigned nor shared.
    { kind: 'offline', boxId: manager + DEMO_ASSIGNED + 6, afterS: 13 },
    // The end user's.
    { kind: 'fault', boxId: first + 1, afterS: 18 },
    { kind: 'alert', boxId: first + 3, afterS: 23 },
    { kind: 'lock', boxId: first + size - 2, afterS: 28 },
  ];
  return scenes.every((s) => s.boxId < first + size) ? scenes : [];
}
