import { exportJob, type ExportBody, type ExportJob } from '@dms/contract';
import { request } from './client';
import { downloadFile } from './download';

/**
 * .xlsx exports as jobs (docs/api.md): POST /exports starts one, GET /exports/{id} tells its progress,
 * GET /exports/{id}/file downloads the finished file once. Failures are thrown for the caller (ExportButton) to show.
 */

export function startExport(body: ExportBody): Promise<ExportJob> {
  return request({ method: 'POST', path: '/exports', body, errorDisplay: 'none' }, exportJob);
}

export function getExport(id: string, signal?: AbortSignal): Promise<ExportJob> {
  return request({ path: `/exports/${encodeURIComponent(id)}`, errorDisplay: 'none', ...(signal ? { signal } : {}) }, exportJob);
}

/** The finished file, once. */
export function downloadExport(id: string, signal?: AbortSignal): Promise<Blob> {
  return downloadFile(`/exports/${encodeURIComponent(id)}/file`, signal);
}
