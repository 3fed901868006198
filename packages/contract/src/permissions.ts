/**
 * Resource permissions: what a signed-in user may do with one record (a device, a box, a user). The access table
 * (access.ts) says who reaches an area; a permission says which records of it they may touch, by the ownership
 * hierarchy (spec 1, 4). The server's access module has one checker per permission, and every service asks it
 * first. A new area adds its permissions here, `<resource>.<action>`, and their checkers there.
 */
export const PERMISSIONS = {
  'device.read': 'See that a device exists: its row in lists, its status, its page',
  'device.data': "Read a device's live values, fault records and events (not when a sub-manager below hid them)",
  'device.update': "Change a device's information",
  'device.write': 'Write any writable register of a device',
  'device.switch': 'Write the start/stop register of a device',
  'device.share': "Share a device with one's helper: its owner only",
  'device.assign': "Assign a device to one's sub-manager: its owner only",
  'device.unlock': "Calculate the dynamic password of a device's locked controller (/qrManage): whoever sees the device",
  'history.read': "Read a device's history: table, curves, candles, snapshots and its export",
  'box.read': "See a cloud box's page",
  'box.clearFaults': "Clear a box's fault records: those who see every box (root, admin, limited_admin), of a box that exists",
  'box.command': 'Send a command to a cloud box (settings, server move, firmware, reboot, clearing its faults): root, of a box that exists',
  'box.delete': 'Delete or restore a cloud box (/smartbox/box-delete): root, of a box that exists, deleted or not',
  'box.update':
    "Change a registered box's company, contact, box type or push times by a maintenance script (/scripts/batch-modify-box): root, of a box not deleted",
  'box.reset':
    "Clear a box's bindings (owner, shares, assignment) by a maintenance script (/scripts/reset-device): root, of a registered box not deleted",
  'box.assign': 'Assign a cloud box to an account (/smartbox/box-assign): limited_admin, of a box that exists',
  'image.manage': 'Download, delete or roll out a box image: root, of an image that exists',
  'rollout.manage': 'See, pause, resume or cancel a firmware rollout: root, of a rollout that exists',
  'user.read': "See a user's account and operations",
  'user.helper': "Manage a helper: one's child holding the role helper",
  'user.manager': "Manage a sub-manager: one's child holding the role manager",
  'user.reset': "Reset a user's password by a maintenance script (/scripts): root, of a user who exists and does not hold root",
  'user.quota': "Give or take back a user's password quota (/qrManage/pwd-quota): one's child, whatever their role",
  'user.secondFactorReset': "Reset a user's two-factor sign-in (/tools/sessions): root, of another user who exists",
  'apiKey.revoke': "Revoke an API key: one's own (a key that does not exist is nobody's)",
  'session.end': "End a signed-in session: one's own; root, anyone's (a session that does not exist is nobody's)",
  'event.follow': "Acknowledge and comment a rule's event: root, or whoever reads its device's data",
  'notification.receive': 'Read, mark and acknowledge a notification: its recipient, while they still reach its device',
  'announcement.read': 'Read and mark an announcement: one of its audience, while it is published and not expired',
  'card.read': "See an IoT card and send feedback about it: every card for those who see every device, else the cards of one's boxes",
  'feedback.read': 'See and handle renewal feedback: its sender sees it; those who see every device see and handle all of it',
} as const satisfies Record<`${string}.${string}`, string>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** The permissions on one kind of resource, e.g. `PermissionOf<'device'>`. */
export type PermissionOf<R extends string> = Extract<Permission, `${R}.${string}`>;
