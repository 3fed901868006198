import { getCookie, setCookie } from '../lib/cookie';
import { createStore, useStore } from '../lib/store';

/** Sizes of the size select (spec 2); medium is the default (spec 9). */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'medium';

export type Device = 'desktop' | 'mobile';
/** Below this width the mobile layout applies (spec 9). */
export const MOBILE_BREAKPOINT = 992;

export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
const YEAR_MS = 365 * 86_400_000;

/** The shell's state (spec 4): sidebar open or closed and device type; sidebar state and size also in cookies. */
export interface AppState {
  sidebarOpened: boolean;
  device: Device;
  size: Size;
}

function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

function initial(): AppState {
  const size = getCookie(SIZE_COOKIE);
  const device: Device = typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
  return {
    // On mobile the sidebar is a drawer that starts closed; on desktop '0' means closed, open when absent.
    sidebarOpened: device === 'desktop' && getCookie(SIDEBAR_COOKIE) !== '0',
    device,
    size: isSize(size) ? size : DEFAULT_SIZE,
  };
}

export const appStore = createStore<AppState>(initial());

export function useAppState<S>(select: (state: AppState) => S): S {
  return useStore(appStore, select);
}

function setSidebar(opened: boolean, remember: boolean): void {
  appStore.set((s) => ({ ...s, sidebarOpened: opened }));
  if (remember) setCookie(SIDEBAR_COOKIE, opened ? '1' : '0', { expires: new Date(Date.now() + YEAR_MS) });
}

export function toggleSidebar(): void {
  const { sidebarOpened, device } = appStore.get();
  // On mobile the sidebar is a drawer; its open state is not a preference to remember.
  setSidebar(!sidebarOpened, device === 'desktop');
}

export function closeSidebar(): void {
  setSidebar(false, appStore.get().device === 'desktop');
}

export function setDevice(device: Device): void {
  const prev = appStore.get().device;
  if (prev === device) return;
  appStore.set((s) => ({
    ...s,
    device,
    // The drawer starts closed on mobile; back on desktop the remembered state returns.
    sidebarOpened: device === 'mobile' ? false : getCookie(SIDEBAR_COOKIE) !== '0',
  }));
}

export function setSize(size: Size): void {
  appStore.set((s) => ({ ...s, size }));
  setCookie(SIZE_COOKIE, size, { expires: new Date(Date.now() + YEAR_MS) });
}

/** How each size maps onto antd: its component size, and whether the compact algorithm applies. */
export function antdSize(size: Size): { componentSize: 'large' | 'medium' | 'small'; compact: boolean } {
  switch (size) {
    case 'default':
      return { componentSize: 'large', compact: false };
    case 'medium':
      return { componentSize: 'medium', compact: false };
    case 'small':
      return { componentSize: 'small', compact: false };
    case 'mini':
      return { componentSize: 'small', compact: true };
  }
}
