/** A calculation sent: its inputs and the key the server knows it by (`requestId`). */
export interface PendingRequest {
  readonly inputs: string;
  readonly requestId: string;
}

/**
 * The key of a calculation: the one of the submission still pending when the inputs are the same (a retry after a
 * network error or a timeout, which the server answers with the same password, debited once), else a new one.
 */
export function requestFor(pending: PendingRequest | null, inputs: string, make: () => string = newRequestId): PendingRequest {
  return pending?.inputs === inputs ? pending : { inputs, requestId: make() };
}

/** A new key: a random UUID (36 of hex digits and '-', within the contract's 8 to 64 of [A-Za-z0-9_-]). */
export function newRequestId(): string {
  // randomUUID needs a secure context (https or localhost); a console served over plain http makes one from random bytes.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
