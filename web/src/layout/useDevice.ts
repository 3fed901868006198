import { useEffect } from 'react';
import { MOBILE_BREAKPOINT, setDevice } from '../settings/app-state';

/** Keeps the device type in state: 'mobile' below 992 px (spec 9), else 'desktop'. */
export function useDeviceWatcher(): void {
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`);
    const update = () => {
      setDevice(query.matches ? 'mobile' : 'desktop');
    };
    update();
    query.addEventListener('change', update);
    return () => {
      query.removeEventListener('change', update);
    };
  }, []);
}
