import { describe, expect, it } from 'vitest';
import { joinAddress } from './address';

describe('joinAddress', () => {
  it('runs a Chinese address on without spaces', () => {
    expect(joinAddress(['江苏省', '苏州市', '吴中区', '木渎镇金山路 88 号'])).toBe('江苏省苏州市吴中区木渎镇金山路 88 号');
  });
  it('puts spaces between the parts of a Latin address and leaves out empty ones', () => {
    expect(joinAddress(['Bavaria', null, 'Munich', '  ', 'Leopoldstraße 1'])).toBe('Bavaria Munich Leopoldstraße 1');
  });
  it('puts a space where a Latin part meets a Chinese one', () => {
    expect(joinAddress(['Jiangsu', '苏州市'])).toBe('Jiangsu 苏州市');
  });
  it('is empty when every part is', () => {
    expect(joinAddress([null, undefined, ''])).toBe('');
  });
});
