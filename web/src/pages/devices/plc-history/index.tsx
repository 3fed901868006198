import { HistoryPage } from '../shared/history/HistoryView';

/** /devices/plcHistory/:tagId/:controllerId: the history table of a PLC device (same parts as history). */
export default function PlcHistoryPage() {
  return <HistoryPage view="plcHistory" />;
}
