import { questionBankApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { createCatalogueService } from './catalogue/catalogue-service.ts';
import type { createPapersService } from './search/papers-service.ts';
import type { createQuestionsService } from './search/questions-service.ts';
import type { createWisdomService } from './search/wisdom-service.ts';

// The question bank calls (/tiku/api, form envelope): teachers (types 1 and 5) read.

interface Services {
  catalogue: ReturnType<typeof createCatalogueService>;
  questions: ReturnType<typeof createQuestionsService>;
  papers: ReturnType<typeof createPapersService>;
  wisdom: ReturnType<typeof createWisdomService>;
}

export function registerQuestionBankRoutes(
  app: FastifyInstance,
  { catalogue, questions, papers, wisdom }: Services,
): void {
  const permission = 'teacher' as const;
  registerEndpoint(app, api.getCourses, { permission, handler: (p) => catalogue.getCourses(p.stageCode) });
  registerEndpoint(app, api.getBase, { permission, handler: (p, { actor }) => catalogue.getBase(actor, p.courseId) });
  registerEndpoint(app, api.getBaseAll, { permission, handler: (_p, { actor }) => catalogue.getBaseAll(actor) });
  registerEndpoint(app, api.getNodes, { permission, handler: (p) => catalogue.getNodes(p.courseId, p.type) });
  registerEndpoint(app, api.getCcn, { permission, handler: (p) => catalogue.getCcn(p.courseId) });
  registerEndpoint(app, api.getCtv, { permission, handler: (p) => catalogue.getCtv(p.courseId) });
  registerEndpoint(app, api.getCcnRoot, { permission, handler: (p) => catalogue.getCcnRoot(p.courseId) });
  registerEndpoint(app, api.getCcnByRoot, { permission, handler: (p) => catalogue.getCcnByRoot(p.rootId) });

  registerEndpoint(app, api.getFast, { permission, handler: (p, { actor }) => questions.getFast(actor, p) });
  registerEndpoint(app, api.getByIds, { permission, handler: (p, { actor }) => questions.getByIds(actor, p) });
  registerEndpoint(app, api.getDetail, { permission, handler: (p, { actor }) => questions.getDetail(actor, p.quesId) });
  registerEndpoint(app, api.getSimilar, {
    permission,
    handler: (p, { actor }) => questions.getSimilar(actor, p.quesId),
  });
  registerEndpoint(app, api.getByWisdom, { permission, handler: (p, { actor }) => wisdom.getByWisdom(actor, p) });

  registerEndpoint(app, api.getPapers, { permission, handler: (p, { actor }) => papers.getPapers(actor, p) });
  registerEndpoint(app, api.getPapersByIds, {
    permission,
    handler: (p, { actor }) => papers.getPapersByIds(actor, p.ids),
  });
  registerEndpoint(app, api.getPaperDetail, {
    permission,
    handler: (p, { actor }) => papers.getPaperDetail(actor, p.paperId),
  });
}
