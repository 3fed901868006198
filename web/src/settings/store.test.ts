import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './defaults';
import { readSettings } from './store';
import { antdSize } from './app-state';

describe('settings', () => {
  it('defaults of spec 9', () => {
    expect(DEFAULT_SETTINGS).toEqual({ themeColor: '#1890ff', tagsView: true, fixedHeader: false, sidebarLogo: false });
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('stored values override the defaults one by one; bad ones fall back', () => {
    expect(readSettings(JSON.stringify({ tagsView: false, themeColor: '#ff0000' }))).toEqual({
      ...DEFAULT_SETTINGS,
      tagsView: false,
      themeColor: '#ff0000',
    });
    expect(readSettings(JSON.stringify({ tagsView: 'no', themeColor: 'red', fixedHeader: true }))).toEqual({
      ...DEFAULT_SETTINGS,
      fixedHeader: true,
    });
    expect(readSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('[1,2]')).toEqual(DEFAULT_SETTINGS);
  });

  it('sizes map onto antd', () => {
    expect(antdSize('default')).toEqual({ componentSize: 'large', compact: false });
    expect(antdSize('medium')).toEqual({ componentSize: 'medium', compact: false });
    expect(antdSize('small')).toEqual({ componentSize: 'small', compact: false });
    expect(antdSize('mini')).toEqual({ componentSize: 'small', compact: true });
  });
});
