import { HistoryPage } from '../shared/history/HistoryView';

/** /devices/history/:tagId/:controllerId */
export default function DeviceHistoryPage() {
  return <HistoryPage view="history" />;
}
