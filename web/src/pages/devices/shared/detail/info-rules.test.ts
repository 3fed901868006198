import { LANGUAGES, message } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { infoChanges, infoFieldProblem, type InfoValues } from './info-rules';

const BEFORE: InfoValues = {
  company: 'Acme',
  stationNo: 'ST-1',
  model: 'SC-90',
  remark: '',
  iotModule: '',
  iotModel: '',
  iotCard: '',
  installDate: '',
  expiryDate: '2030-01-31',
  province: '',
  city: '',
  area: '',
  street: '',
  contact: '',
  phone: '',
  lng: null,
  lat: null,
};

describe('device information form', () => {
  it('checks each field with the contract and says what the server would, in each language', () => {
    for (const lang of LANGUAGES) {
      expect(infoFieldProblem('phone', 'call me', lang, 'Phone')).toBe(message(lang, 'validation.phone.format'));
      expect(infoFieldProblem('installDate', '2025-02-30', lang, 'Installed')).toBe(
        message(lang, 'validation.date.format', { field: 'Installed' }),
      );
      expect(infoFieldProblem('lng', 200, lang, 'Longitude')).toBe(message(lang, 'validation.lng.range'));
      expect(infoFieldProblem('lat', -91, lang, 'Latitude')).toBe(message(lang, 'validation.lat.range'));
      expect(infoFieldProblem('remark', 'x'.repeat(256), lang, 'Remark')).toBe(
        message(lang, 'validation.field.tooLong', { field: 'Remark' }),
      );
    }
    expect(infoFieldProblem('phone', '+86 (21) 5555-0101', 'en', 'Phone')).toBeNull();
    expect(infoFieldProblem('installDate', '2024-02-29', 'en', 'Installed')).toBeNull();
    expect(infoFieldProblem('installDate', '', 'en', 'Installed')).toBeNull();
    expect(infoFieldProblem('lng', null, 'en', 'Longitude')).toBeNull();
  });

  it('sends only what changed: trimmed texts, an emptied date as null', () => {
    expect(infoChanges(BEFORE, { ...BEFORE })).toEqual({});
    expect(infoChanges(BEFORE, { ...BEFORE, company: ' Acme ', contact: ' Ms Wang ', expiryDate: '', lng: 121.5 })).toEqual({
      contact: 'Ms Wang',
      expiryDate: null,
      lng: 121.5,
    });
  });
});
