import { HistoryPage } from './HistoryView';

/** /devices/history/:tagId/:controllerId */
export default function DeviceHistoryPage() {
  return <HistoryPage view="history" />;
}
