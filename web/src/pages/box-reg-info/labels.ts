import type { BoxConnection, BoxLinkRow, LinkKind } from '@dms/contract';
import type { Translate } from '@/i18n';

/** Tag colours of a box's connection and of a link's registration type and permission. */
export const CONNECTION_COLOR: Record<BoxConnection, string> = { never: 'default', online: 'green', offline: 'red' };
export const LINK_TYPE_COLOR: Record<LinkKind, string> = { owner: 'blue', assigned: 'geekblue', shared: 'cyan', helper: 'purple' };
export const PERMISSION_COLOR: Record<BoxLinkRow['permission'], string> = { full: 'green', switch: 'orange', view: 'default' };

export function connectionLabel(t: Translate, connection: BoxConnection): string {
  return t(`boxRegInfo.connection.${connection}`);
}

export function linkTypeLabel(t: Translate, type: LinkKind): string {
  return t(`boxRegInfo.linkType.${type}`);
}

export function permissionLabel(t: Translate, permission: BoxLinkRow['permission']): string {
  return t(`boxRegInfo.permission.${permission}`);
}
