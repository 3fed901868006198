import { createContext, useContext } from 'react';

/**
 * Whether the page is the one shown: false for a page kept mounted, hidden, behind another tab (layout/KeepAlive).
 * A hidden page must not navigate: a search or a page change it applies late would take the user back to it.
 */
export const PageShownContext = createContext(true);

export function usePageShown(): boolean {
  return useContext(PageShownContext);
}
