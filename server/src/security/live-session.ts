import type { AuthContext } from '../types.js';

/** A live session: who it is (with the user's current rights), and when it expires. */
export interface LiveSession {
  auth: AuthContext;
  expiresAt: number;
}
