import { Code, SIGN_IN_STEP_MS, type SecondStepData } from '@dms/contract';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Sealer } from '../../security/sealed.js';

/** What sealing labels the challenge. */
const CHALLENGE_LABEL = 'sign-in-second-step';

/**
 * The sign-in's second step is carried by a sealed challenge (the user, and until when), so nothing is stored
 * between the password and the code and no other server's challenge or a changed one is accepted.
 */
export class SignInChallenges {
  constructor(
    private readonly sealer: Sealer,
    private readonly now: () => number,
  ) {}

  issue(user: Pick<UserRow, 'id'>): SecondStepData {
    const expiresAt = this.now() + SIGN_IN_STEP_MS;
    return { challenge: this.sealer.seal(CHALLENGE_LABEL, Buffer.from(JSON.stringify({ u: user.id, e: expiresAt }))), expiresAt };
  }

  /** The user id of a challenge still in time; 40007 otherwise. */
  open(challenge: string): number {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.sealer.open(CHALLENGE_LABEL, challenge).toString('utf8'));
    } catch {
      parsed = null;
    }
    const { u, e } = (parsed ?? {}) as { u?: unknown; e?: unknown };
    if (typeof u !== 'number' || typeof e !== 'number' || e <= this.now()) {
      throw new AppError(Code.SIGN_IN_STEP_EXPIRED, 'error.signInStepExpired');
    }
    return u;
  }
}
