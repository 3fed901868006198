import { API_BASE } from '@dms/contract';
import { readToken } from '../auth/token';
import { currentLanguage, t } from '../i18n';
import { ApiError } from './client';
import { decideResponse } from './policy';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A file from the API (an .xlsx download). The typed client speaks JSON only, so this fetches the file itself, with
 * the same bearer token and language; a refusal is the usual envelope (say, 404 with a translated message once a
 * one-time download was used) and is thrown as an ApiError for the caller to show.
 */
export async function downloadFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = { Accept: `${XLSX_TYPE}, application/json`, 'Accept-Language': currentLanguage() };
  const session = readToken();
  if (session) headers.Authorization = `Bearer ${session}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers, credentials: 'same-origin', ...(signal ? { signal } : {}) });
  } catch {
    if (signal?.aborted) throw new ApiError('aborted', 0, null, '');
    throw new ApiError('network', 0, null, t('common.request.network'));
  }
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  if (response.ok && !isJson) return response.blob();
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const decision = decideResponse(response.status, body);
  switch (decision.kind) {
    case 'badResponse':
    case 'success':
      throw new ApiError('badResponse', response.status, null, t('common.request.badResponse', { status: response.status }));
    case 'loggedOut':
    case 'warningConfirm':
      throw new ApiError(decision.kind, decision.status, decision.code, decision.message);
    case 'rejected':
    case 'failed':
      throw new ApiError(decision.kind, decision.status, decision.code, decision.message, decision.data);
  }
}

/** Hands a downloaded file to the browser as a save (through a blob URL). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}
