import { documentsApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { createDocumentsService } from './service.ts';

// The file tool service's document calls (/tool/api): teachers export their own papers.

export function registerDocumentsRoutes(app: FastifyInstance, service: ReturnType<typeof createDocumentsService>) {
  const permission = 'teacher' as const;
  registerEndpoint(app, api.generateWord, {
    permission,
    handler: (params, { actor }) => service.generateWord(actor, params),
  });
  registerEndpoint(app, api.generateWordPost, {
    permission,
    handler: (params, { actor }) => service.generateWord(actor, params),
  });
  registerEndpoint(app, api.exportOptions, { permission, handler: () => service.exportOptions() });
}
