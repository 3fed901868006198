import type { DeviceDetail, DeviceListItem } from '@dms/contract';

/** A device as the API gives it, for the tests of what live events do to it (a screw compressor, online). */
export const TEST_SUMMARY: DeviceListItem = {
  id: 7,
  boxId: 100001,
  controller: 1,
  typeId: 1,
  typeCode: 'screw',
  typeName: 'Screw compressor',
  kind: 'compressor',
  owner: 'demo_end_user',
  status: 'online',
  runStatus: 'normal',
  lastSeen: 1000,
  company: 'Acme',
  stationNo: '',
  model: '',
  remark: '',
  iotModule: '',
  iotModel: '',
  iotCard: '',
  installDate: null,
  expiryDate: null,
  province: '',
  city: '',
  area: '',
  street: '',
  contact: '',
  phone: '',
  lng: null,
  lat: null,
  activeFaults: [],
  moreFaults: 0,
};

export const TEST_DEVICE: DeviceDetail = {
  ...TEST_SUMMARY,
  latest: { ts: 1000, values: { '40001': 2, '40002': 70 } },
  canEdit: true,
  canWrite: true,
  canSwitch: true,
  transitions: [{ time: 900, from: 'offline', to: 'online' }],
};
