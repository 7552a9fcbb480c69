import { questionBankUserApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { createBasketService } from './basket-service.ts';

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
}
