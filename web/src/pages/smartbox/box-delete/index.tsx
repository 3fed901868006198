import { Space } from 'antd';
import { DeletedBoxList } from './DeletedBoxList';
import { DeleteForm } from './DeleteForm';

/**
 * /smartbox/box-delete (root; issue 23): a box is deleted after a confirmation that names its devices and how much data
 * they hold. It is hidden from everyone at once and restorable from the list below for BOX_DELETE_GRACE_DAYS (7 by
 * default); then it is purged with its history. Each step goes to the operation log.
 */
export default function BoxDeletePage() {
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="smartbox-box-delete">
      <DeleteForm />
      <DeletedBoxList />
    </Space>
  );
}
