import { curriculumApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { UploadRule } from '../../platform/files.ts';
import { createCurriculumExcelService } from './excel-service.ts';
import { createPlansService } from './plans-service.ts';
import { createCurriculumService } from './service.ts';

// Curriculum calls under /mark/api (spec §7): teachers read the school's curriculum (base data),
// the school administrator edits it, imports and sets whether the school runs majors.

const XLSX_UPLOAD: UploadRule = {
  maxBytes: 5 * 1024 * 1024,
  extensions: ['.xlsx'],
  typeMessage: '文件不是有效的 Excel（.xlsx）表格',
};

export function registerCurriculumRoutes(app: FastifyInstance, db: Db): void {
  const base = createCurriculumService(db);
  const plans = createPlansService(db);
  const excel = createCurriculumExcelService(db);
  const read = 'teacher' as const;
  const write = 'school-admin' as const;

  registerEndpoint(app, api.getSetting, { permission: read, handler: (p, { actor }) => base.getSetting(actor, p) });
  registerEndpoint(app, api.saveSetting, { permission: write, handler: (p, { actor }) => base.saveSetting(actor, p) });
  registerEndpoint(app, api.getCourses, { permission: read, handler: (p, { actor }) => base.getCourses(actor, p) });
  registerEndpoint(app, api.saveCourse, { permission: write, handler: (p, { actor }) => base.saveCourse(actor, p) });
  registerEndpoint(app, api.updateCourse, {
    permission: write,
    handler: (p, { actor }) => base.updateCourse(actor, p),
  });
  registerEndpoint(app, api.deleteCourses, {
    permission: write,
    handler: (p, { actor }) => base.deleteCourses(actor, p),
  });
  registerEndpoint(app, api.listMajors, { permission: read, handler: (p, { actor }) => base.listMajors(actor, p) });
  registerEndpoint(app, api.saveMajor, { permission: write, handler: (p, { actor }) => base.saveMajor(actor, p) });
  registerEndpoint(app, api.updateMajor, { permission: write, handler: (p, { actor }) => base.updateMajor(actor, p) });
  registerEndpoint(app, api.deleteMajors, {
    permission: write,
    handler: (p, { actor }) => base.deleteMajors(actor, p),
  });

  registerEndpoint(app, api.getPlans, { permission: read, handler: (p, { actor }) => plans.getPlans(actor, p) });
  registerEndpoint(app, api.savePlan, { permission: write, handler: (p, { actor }) => plans.savePlan(actor, p) });
  registerEndpoint(app, api.updatePlan, { permission: write, handler: (p, { actor }) => plans.updatePlan(actor, p) });
  registerEndpoint(app, api.deletePlans, { permission: write, handler: (p, { actor }) => plans.deletePlans(actor, p) });
  registerEndpoint(app, api.savePlanList, {
    permission: write,
    handler: (p, { actor }) => plans.savePlanList(actor, p),
  });
  registerEndpoint(app, api.getLessons, { permission: read, handler: (p, { actor }) => plans.getLessons(actor, p) });
  registerEndpoint(app, api.saveLesson, { permission: write, handler: (p, { actor }) => plans.saveLesson(actor, p) });
  registerEndpoint(app, api.updateLesson, {
    permission: write,
    handler: (p, { actor }) => plans.updateLesson(actor, p),
  });
  registerEndpoint(app, api.deleteLessons, {
    permission: write,
    handler: (p, { actor }) => plans.deleteLessons(actor, p),
  });
  registerEndpoint(app, api.saveLessonList, {
    permission: write,
    handler: (p, { actor }) => plans.saveLessonList(actor, p),
  });

  registerEndpoint(app, api.importTemplate, { permission: write, handler: (p, { actor }) => excel.template(actor, p) });
  registerEndpoint(app, api.importPreview, {
    permission: write,
    upload: XLSX_UPLOAD,
    handler: (p, { actor, upload }) => excel.preview(actor, p, upload!),
  });
  registerEndpoint(app, api.importCommit, { permission: write, handler: (p, { actor }) => excel.commit(actor, p) });
  registerEndpoint(app, api.exportList, { permission: read, handler: (p, { actor }) => excel.exportList(actor, p) });
}
