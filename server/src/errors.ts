import { Code, type CodeValue, type MessageKey } from '@dms/contract';

/**
 * A failure the caller should see: a contract code, a message key translated per request, and optional data.
 * Services throw it; the one error handler turns it into the envelope with the code's HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    readonly key: MessageKey,
    readonly params?: Readonly<Record<string, string | number>>,
    readonly data?: unknown,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const forbidden = () => new AppError(Code.FORBIDDEN, 'error.forbidden');
export const notFound = () => new AppError(Code.NOT_FOUND, 'error.notFound');
