import { DeviceDetailPage } from '../shared/detail/DeviceDetailPage';

/**
 * /devices/plcController/{tag_id}/{controller_id}: a PLC's detail. The same parts as the controller page; the
 * register table shows the PLC's map (digital I/O as bit fields, analog values, PID loops, counters and timers),
 * and its history link goes to plcHistory.
 */
export default function PlcControllerPage() {
  return <DeviceDetailPage />;
}
