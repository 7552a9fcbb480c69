import { scanningCardsApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { createCardFiles } from './card-files.ts';
import { createCardsService } from './cards-service.ts';
import { createExamFromPaperService } from './exam-from-paper.ts';

// Answer-card calls (issue #15): teachers (types 1 and 5) past the route; which cards each may
// touch is the service's rule (card-access.ts). The /answerSheet calls are public: the signed link
// is their key. The examStandardPaper marking-service door is registered by the exams module.

export interface CardRouteDeps {
  db: Db;
  /** The server's secret; the /answerSheet links are signed with a key derived from it. */
  secret: string;
}

export function registerCardRoutes(app: FastifyInstance, { db, secret }: CardRouteDeps): void {
  const cards = createCardsService(db);
  const files = createCardFiles(db, secret);
  const fromPaper = createExamFromPaperService(db);
  const teacher = 'teacher' as const;

  registerEndpoint(app, api.getExamTemplate, {
    permission: teacher,
    handler: (p, { actor }) => cards.getExamTemplate(actor, p),
  });
  registerEndpoint(app, api.findTemplateBySeId, {
    permission: teacher,
    handler: (p, { actor }) => cards.findTemplateBySeId(actor, p),
  });
  registerEndpoint(app, api.saveExamTemplate, {
    permission: teacher,
    handler: (p, { actor }) => cards.saveExamTemplate(actor, p),
  });
  registerEndpoint(app, api.updateExamTemplate, {
    permission: teacher,
    handler: (p, { actor }) => cards.updateExamTemplate(actor, p),
  });
  registerEndpoint(app, api.markExamTemplatePrinted, {
    permission: teacher,
    handler: (p, { actor }) => cards.markExamTemplatePrinted(actor, p),
  });
  registerEndpoint(app, api.findExamTemplateList, {
    permission: teacher,
    handler: (p, { actor }) => cards.findExamTemplateList(actor, p),
  });
  registerEndpoint(app, api.findTemplateSchool, {
    permission: teacher,
    handler: (p, { actor }) => cards.findTemplateSchool(actor, p),
  });
  registerEndpoint(app, api.findTemplateTeachers, {
    permission: teacher,
    handler: (p, { actor }) => cards.findTemplateTeachers(actor, p),
  });
  registerEndpoint(app, api.findTemplateCourses, {
    permission: teacher,
    handler: (p, { actor }) => cards.findTemplateCourses(actor, p),
  });
  registerEndpoint(app, api.findTemplateParent, {
    permission: teacher,
    handler: (p, { actor }) => cards.findTemplateParent(actor, p),
  });
  registerEndpoint(app, api.findWriterCollegeInfo, {
    permission: teacher,
    handler: (p, { actor }) => cards.findWriterCollegeInfo(actor, p),
  });
  registerEndpoint(app, api.signAnswerSheetLink, {
    permission: teacher,
    handler: (p, { actor }) => files.signAnswerSheetLink(actor, p),
  });
  registerEndpoint(app, api.downloadBlankCard, {
    permission: teacher,
    handler: (p, { actor }) => files.downloadBlankCard(actor, p),
  });
  registerEndpoint(app, api.downloadPersonalisedCards, {
    permission: teacher,
    handler: (p, { actor }) => files.downloadPersonalisedCards(actor, p),
  });
  registerEndpoint(app, api.answerSheetTemplate, {
    permission: 'public',
    handler: (p) => files.answerSheetTemplate(p),
  });
  registerEndpoint(app, api.answerSheetPdf, {
    permission: 'public',
    handler: (p) => files.answerSheetPdf(p),
  });
  registerEndpoint(app, api.createExamFromPaper, {
    permission: teacher,
    handler: (p, { actor }) => fromPaper.createExamFromPaper(actor, p),
  });
}
