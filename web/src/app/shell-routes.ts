import { createContext, useContext } from 'react';
import type { ShellRoute } from './route-types';

/**
 * The shell's route table, for a page that lists the other pages (the dashboard's page cards). The layout provides it,
 * so a page need not import app/routes.ts, which imports every area's routes (and so, lazily, that page).
 */
export const ShellRoutesContext = createContext<readonly ShellRoute[]>([]);

export function useShellRoutes(): readonly ShellRoute[] {
  return useContext(ShellRoutesContext);
}
