import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { ExportService } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /exports: .xlsx exports as jobs with progress (docs/api.md). Each kind checks its own rights. */
export function exportRoutes(app: FastifyInstance, exports: ExportService): void {
  route(app, api.exports.start, ({ auth, body, lang }) => exports.start(auth, body, lang));
  route(app, api.exports.status, ({ auth, params }) => exports.status(auth, params.id));
  route(app, api.exports.file, async ({ auth, params }) => {
    const file = await exports.take(auth, params.id);
    return { fileName: file.fileName, contentType: XLSX, body: file.stream };
  });
}
