import { questionBankUserApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { createBasketService } from './user/basket-service.ts';
import { createCollectionsService } from './user/collections-service.ts';
import { createDownloadsService } from './user/downloads-service.ts';
import { createUserPapersService } from './user/user-papers-service.ts';
import { createUserQuestionsService } from './user/user-questions-service.ts';

// The user resources of the question bank: basket, userpapers, userquestions, usercollection
// (/tiku/api, form envelope) and the sub-data download calls (/subdata/api, GET). Teachers only;
// every service checks that the resource is the caller's own.

export function registerQuestionBankUserRoutes(app: FastifyInstance, db: Db): void {
  const permission = 'teacher' as const;
  const basket = createBasketService(db);
  registerEndpoint(app, api.getBasket, { permission, handler: (p, { actor }) => basket.getBasket(actor, p.courseId) });
  registerEndpoint(app, api.addToBasket, {
    permission,
    handler: (p, { actor }) => basket.addToBasket(actor, p.quesId),
  });
  registerEndpoint(app, api.addManyToBasket, {
    permission,
    handler: (p, { actor }) => basket.addManyToBasket(actor, p.quesIds),
  });
  registerEndpoint(app, api.removeFromBasket, {
    permission,
    handler: (p, { actor }) => basket.removeFromBasket(actor, p.quesId),
  });
  registerEndpoint(app, api.removeBasketType, {
    permission,
    handler: (p, { actor }) => basket.removeBasketType(actor, p.courseId, p.questionTypeId),
  });
  registerEndpoint(app, api.clearBasket, {
    permission,
    handler: (p, { actor }) => basket.clearBasket(actor, p.courseId),
  });
  registerEndpoint(app, api.sortBasket, {
    permission,
    handler: (p, { actor }) => basket.sortBasket(actor, p.courseId, p.questionTypeId, p.quesIds),
  });

  const papers = createUserPapersService(db);
  registerEndpoint(app, api.getUserPapers, { permission, handler: (p, { actor }) => papers.getUserPapers(actor, p) });
  registerEndpoint(app, api.addUserPaper, { permission, handler: (p, { actor }) => papers.addUserPaper(actor, p) });
  registerEndpoint(app, api.updateUserPaper, {
    permission,
    handler: (p, { actor }) => papers.updateUserPaper(actor, p),
  });
  registerEndpoint(app, api.deleteUserPaper, {
    permission,
    handler: (p, { actor }) => papers.deleteUserPaper(actor, p),
  });
  registerEndpoint(app, api.getUserPaperDetail, {
    permission,
    handler: (p, { actor }) => papers.getUserPaperDetail(actor, p),
  });
  registerEndpoint(app, api.updateUserPaperStatus, {
    permission,
    handler: (p, { actor }) => papers.updateStatus(actor, p),
  });

  const userQuestions = createUserQuestionsService(db);
  registerEndpoint(app, api.getUserQuestions, {
    permission,
    handler: (p, { actor }) => userQuestions.getUserQuestions(actor, p),
  });
  registerEndpoint(app, api.getUserQuestionDetail, {
    permission,
    handler: (p, { actor }) => userQuestions.getUserQuestionDetail(actor, p),
  });
  registerEndpoint(app, api.updateUserQuestionStatus, {
    permission,
    handler: (p, { actor }) => userQuestions.updateStatus(actor, p),
  });

  const collections = createCollectionsService(db);
  registerEndpoint(app, api.getCollectionNodes, {
    permission,
    handler: (p, { actor }) => collections.getNodes(actor, p),
  });
  registerEndpoint(app, api.addCollectionNode, {
    permission,
    handler: (p, { actor }) => collections.addNode(actor, p),
  });
  registerEndpoint(app, api.renameCollectionNode, {
    permission,
    handler: (p, { actor }) => collections.renameNode(actor, p),
  });
  registerEndpoint(app, api.moveCollectionNodes, {
    permission,
    handler: (p, { actor }) => collections.moveNodes(actor, p),
  });
  registerEndpoint(app, api.deleteCollectionNode, {
    permission,
    handler: (p, { actor }) => collections.deleteNode(actor, p),
  });
  registerEndpoint(app, api.getCollectionItems, {
    permission,
    handler: (p, { actor }) => collections.getItems(actor, p),
  });
  registerEndpoint(app, api.addCollectionItem, {
    permission,
    handler: (p, { actor }) => collections.addItem(actor, p),
  });
  registerEndpoint(app, api.deleteCollectionItem, {
    permission,
    handler: (p, { actor }) => collections.deleteItem(actor, p),
  });

  const downloads = createDownloadsService(db, papers);
  registerEndpoint(app, api.findShipInfo, { permission, handler: (p, { actor }) => downloads.findShipInfo(actor, p) });
  registerEndpoint(app, api.getUserDownloadPapers, {
    permission,
    handler: (p, { actor }) => downloads.getDownloads(actor, p),
  });
  registerEndpoint(app, api.getUserDownloadPaperDetails, {
    permission,
    handler: (p, { actor }) => downloads.getDetails(actor, p),
  });
  registerEndpoint(app, api.getUserDownloadPaperUrl, {
    permission,
    handler: (p, { actor }) => downloads.getUrl(actor, p),
  });
}
