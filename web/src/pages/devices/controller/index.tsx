import { DeviceDetailPage } from '../shared/detail/DeviceDetailPage';

/** /devices/controller/{tag_id}/{controller_id}: an air compressor's (or any controller's) detail. */
export default function ControllerPage() {
  return <DeviceDetailPage />;
}
