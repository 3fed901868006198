import type { AuthContext } from '../types.js';

/** A live session: who it is (with the user's current rights), and when it expires. */
export interface LiveSession {
  auth: AuthContext;
  expiresAt: number;
}

/**
 * What the user module tells the parts that hold a session open beyond one request (the live push, docs/api.md):
 * - `sessionEnded`: a session ended (sign-out); `code` is the spec 8 logged-out code its token now answers.
 * - `userChanged`: something that decides a user's sessions or rights changed (password, disabled, roles, links);
 *   every open connection of the user is checked again against the database.
 * Listeners run synchronously, in the order they were added; one that throws does not stop the others.
 */
export type SessionEvent = { type: 'sessionEnded'; sessionId: number; code: number } | { type: 'userChanged'; userId: number };

export type SessionListener = (event: SessionEvent) => void;

export class SessionEvents {
  private readonly listeners = new Set<SessionListener>();

  /** Adds a listener; answers the function that removes it. */
  on(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  sessionEnded(sessionId: number, code: number): void {
    this.emit({ type: 'sessionEnded', sessionId, code });
  }

  userChanged(userId: number): void {
    this.emit({ type: 'userChanged', userId });
  }

  private emit(event: SessionEvent): void {
    const errors: unknown[] = [];
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (err) {
        errors.push(err);
      }
    }
    // The change is already stored: a listener's failure is reported to the caller, after every listener ran.
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'session event listeners failed');
  }
}
