import { paperTemplateApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import type { createTemplateService } from './template-service.ts';

// The school's paper template: teachers read it and export with it; school administrators
// (type 5) save and copy it.

export function registerTemplateRoutes(app: FastifyInstance, templates: ReturnType<typeof createTemplateService>) {
  registerEndpoint(app, api.getTemplate, {
    permission: 'teacher',
    handler: (p, { actor }) => templates.read(actor, p),
  });
  registerEndpoint(app, api.saveTemplate, {
    permission: 'school-admin',
    handler: (p, { actor }) => templates.save(actor, p),
  });
  registerEndpoint(app, api.templateFileCopy, {
    permission: 'school-admin',
    handler: (p, { actor }) => templates.copy(actor, p),
  });
  registerEndpoint(app, api.previewTemplate, {
    permission: 'teacher',
    handler: (p, { actor }) => templates.preview(actor, p),
  });
  registerEndpoint(app, api.wordBGExport, {
    permission: 'teacher',
    handler: (p, { actor }) => templates.exportWord(actor, p),
  });
}
