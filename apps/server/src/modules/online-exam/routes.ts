import { onlineExamApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { createOnlineExamMaking } from './create-service.ts';
import { structureSources } from './from-structure.ts';
import type { createManageService } from './manage-service.ts';
import { type createPhotoService, ONLINE_PHOTO_UPLOAD } from './photo-service.ts';
import type { createSittingService } from './sitting-service.ts';
import { pickableStudents } from './student-picker.ts';

// Online-exam calls: making, monitoring and releasing for teachers (types 1 and 5; the services
// check maker or administrator), sitting for students (type 2) on their own sitting only.
export function registerOnlineExamRoutes(
  app: FastifyInstance,
  db: Db,
  sitting: ReturnType<typeof createSittingService>,
  manage: ReturnType<typeof createManageService>,
  photos: ReturnType<typeof createPhotoService> | null,
): void {
  const making = createOnlineExamMaking(db);
  const teacher = 'teacher' as const;
  const student = 'student' as const;

  registerEndpoint(app, api.saveOnlineExam, { permission: teacher, handler: (p, { actor }) => making.save(actor, p) });
  registerEndpoint(app, api.findOnlineExams, {
    permission: teacher,
    handler: (p, { actor }) => making.list(actor, p.schoolId),
  });
  registerEndpoint(app, api.findOnlineExamSources, {
    permission: teacher,
    handler: (p, { actor }) => structureSources(db, actor, p.schoolId),
  });
  registerEndpoint(app, api.findOnlineExamStudents, {
    permission: teacher,
    handler: (p, { actor }) => pickableStudents(db, actor, p),
  });
  registerEndpoint(app, api.findOnLineExamStuInfoBySeId, {
    permission: teacher,
    handler: (p, { actor }) => manage.monitor(actor, Number(p.onlineExamId)),
  });
  registerEndpoint(app, api.forceSubmitOnlineExam, {
    permission: teacher,
    handler: (p, { actor }) => manage.forceSubmit(actor, Number(p.onlineExamId), Number(p.studentId)),
  });
  registerEndpoint(app, api.reopenOnlineExam, {
    permission: teacher,
    handler: (p, { actor }) => manage.reopen(actor, Number(p.onlineExamId), Number(p.studentId), p.minutes),
  });
  registerEndpoint(app, api.releaseOnlineExam, {
    permission: teacher,
    handler: (p, { actor }) => manage.release(actor, Number(p.onlineExamId)),
  });

  registerEndpoint(app, api.findOnLineExamByStuId, {
    permission: student,
    handler: (p, { actor }) => sitting.myExams(actor, p.schoolId),
  });
  registerEndpoint(app, api.startOnlineExam, {
    permission: student,
    handler: (p, { actor }) => sitting.start(actor, Number(p.onlineExamId)),
  });
  registerEndpoint(app, api.saveOrUpdateESCI, {
    permission: student,
    handler: (p, { actor }) => sitting.save(actor, p),
  });
  registerEndpoint(app, api.submitOnlineExam, {
    permission: student,
    handler: (p, { actor }) => sitting.submit(actor, Number(p.onlineExamId)),
  });
  registerEndpoint(app, api.leaveOnlineExam, {
    permission: student,
    handler: (p, { actor }) => sitting.leave(actor, Number(p.onlineExamId)),
  });
  registerEndpoint(app, api.findOnlineExamResult, {
    permission: student,
    handler: (p, { actor }) => sitting.result(actor, Number(p.onlineExamId)),
  });

  if (!photos) return;
  registerEndpoint(app, api.uploadOnlinePhoto, {
    permission: student,
    upload: ONLINE_PHOTO_UPLOAD,
    handler: (p, { actor, upload }) => photos.upload(actor, Number(p.onlineExamId), upload!),
  });
  registerEndpoint(app, api.findMyOnlinePhotos, {
    permission: student,
    handler: (p, { actor }) => photos.mine(actor, Number(p.onlineExamId), p.photoKeys),
  });
  registerEndpoint(app, api.findOnlinePaperPhotos, {
    permission: teacher,
    handler: (p, { actor }) => photos.ofPapers(actor, Number(p.onlineExamId), p.photoKeys),
  });
}
