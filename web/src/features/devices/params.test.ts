import { ApiError } from '@/api/client';
import { describe, expect, it } from 'vitest';
import { detailPath, historyPath, chartsPath } from '@/features/devices/links';
import { failureMessage, failureRoute, parseBoxId, parseController, parseDevice } from '@/features/devices/params';

describe('device page parameters', () => {
  it('takes a box id of digits within the box id range', () => {
    expect(parseBoxId('100001')).toBe(100001);
    expect(parseBoxId('1')).toBe(1);
    for (const bad of [undefined, '', '0', '-1', '01', '1.5', '1e5', 'abc', '100001-1', ' 1', '99999999999']) {
      expect(parseBoxId(bad), String(bad)).toBeNull();
    }
  });

  it('takes a controller index 1-32', () => {
    expect(parseController('1')).toBe(1);
    expect(parseController('32')).toBe(32);
    for (const bad of ['0', '33', 'x', '1.0', '']) expect(parseController(bad), bad).toBeNull();
  });

  it('needs both parameters of a device', () => {
    expect(parseDevice('100001', '2')).toEqual({ boxId: 100001, controller: 2 });
    expect(parseDevice('100001', 'x')).toBeNull();
    expect(parseDevice('abc', '1')).toBeNull();
  });

  it('sends 40300 to /401 and 40400 or a bad parameter to /404; other failures stay', () => {
    expect(failureRoute(new ApiError('rejected', 403, 40300, 'no'))).toBe('/401');
    expect(failureRoute(new ApiError('rejected', 404, 40400, 'no'))).toBe('/404');
    expect(failureRoute(new ApiError('rejected', 400, 40001, 'bad'))).toBe('/404');
    expect(failureRoute(new ApiError('network', 0, null, 'down'))).toBeNull();
    expect(failureRoute(new Error('x'))).toBeNull();
  });

  it('shows the message of a failure that stays on the page, and nothing for one that leaves it', () => {
    expect(failureMessage(new ApiError('network', 0, null, 'down'), 'Has Error')).toBe('down');
    expect(failureMessage(new ApiError('failed', 500, 50000, ''), 'Has Error')).toBe('Has Error');
    expect(failureMessage(new Error('x'), 'Has Error')).toBe('Has Error');
    expect(failureMessage(new ApiError('rejected', 404, 40400, 'no'), 'Has Error')).toBeNull();
    expect(failureMessage(new ApiError('loggedOut', 401, 50012, 'gone'), 'Has Error')).toBeNull();
  });
});

describe('device page links', () => {
  it('opens the detail page of the device’s kind', () => {
    expect(detailPath('compressor', 100001, 1)).toBe('/devices/controller/100001/1');
    expect(detailPath(null, 100001, 1)).toBe('/devices/controller/100001/1');
    expect(detailPath('plc', 100001, 2)).toBe('/devices/plcController/100001/2');
    expect(detailPath('maglev', 100001, 3)).toBe('/devices/maglev-controller/100001/3');
    expect(historyPath('plc', 5, 1)).toBe('/devices/plcHistory/5/1');
    // The window of the last day with the present at nine tenths of it (2.4 h of room for live readings).
    expect(chartsPath(['history-curves', 'maglev-charts'], 5, 1, 86_400_000 + 10)).toBe('/devices/maglev-charts/5-1/8640000');
    expect(chartsPath(['history-curves', 'kline'], 5, 1, 86_400_000 + 10)).toBe('/devices/history-charts/5-1/8640000');
  });
});
