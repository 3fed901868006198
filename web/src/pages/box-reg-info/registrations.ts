import { createStore, useStore } from '../../lib/store';

/** Counts registrations made in this page load, so the (kept-alive) list reloads after one. */
const registrations = createStore(0);

export function noteRegistration(): void {
  registrations.set((n) => n + 1);
}

export function useRegistrationCount(): number {
  return useStore(registrations, (n) => n);
}
