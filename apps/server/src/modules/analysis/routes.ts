import { analysisApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { createReadAreaService } from './read/area-service.ts';
import { createReadCardService } from './read/card-service.ts';
import { createReadExamsService } from './read/exams-service.ts';
import { createReadMisService } from './read/mis-service.ts';
import { createReadReportsService } from './read/reports-service.ts';
import { createStoredReports, type ReportRunsView } from './read/stored.ts';
import { createStudentReportService } from './read/student-report-service.ts';
import { createReadTrendService } from './read/trend-service.ts';
import { createReportFileService } from './report-file/service.ts';

// The analysis centre's calls (issue #5): HTTP only, one service call each. The route permission is
// the coarse user-type check; scope.ts decides what inside an exam each reader may see. Report
// finders are open to every signed-in user because type 4 managers read the school exams of their
// relations too; students are refused there (403) and read only the student calls.

export function registerAnalysisRoutes(app: FastifyInstance, db: Db, runs: ReportRunsView): void {
  const stored = createStoredReports(db, runs);
  const exams = createReadExamsService(db, runs);
  const reports = createReadReportsService(db, stored);
  const card = createReadCardService(db, stored);
  const trend = createReadTrendService(db, stored);
  const mis = createReadMisService(db, stored);
  const area = createReadAreaService(db, stored, runs);
  const files = createReportFileService(db, stored);
  const student = createStudentReportService(db, stored);
  const reader = 'signed-in' as const;

  // ---- Exam pickers and computation ----
  registerEndpoint(app, api.getUserMultiExamByTeacherIdAndSchoolId, {
    permission: 'teacher',
    handler: (p, { actor }) => exams.getUserMultiExamByTeacherIdAndSchoolId(actor, p),
  });
  registerEndpoint(app, api.findMyMultiExam, {
    permission: 'teacher',
    handler: (p, { actor }) => exams.findMyMultiExam(actor, p),
  });
  registerEndpoint(app, api.findMultiExamBySchoolIdYear, {
    permission: 'teacher',
    handler: (p, { actor }) => exams.findMultiExamBySchoolIdYear(actor, p),
  });
  registerEndpoint(app, api.getReportStatus, {
    permission: reader,
    handler: (p, { actor }) => exams.getReportStatus(actor, p),
  });
  registerEndpoint(app, api.recomputeReports, {
    permission: 'school-admin',
    handler: (p, { actor }) => exams.recomputeReports(actor, p),
  });

  // ---- Report-page finders ----
  registerEndpoint(app, api.getClassReportStepMEVO, {
    permission: reader,
    handler: (p, { actor }) => reports.getClassReportStepMEVO(actor, p),
  });
  registerEndpoint(app, api.getClassReportStepSEVO, {
    permission: reader,
    handler: (p, { actor }) => reports.getClassReportStepSEVO(actor, p),
  });
  registerEndpoint(app, api.findOverviewReport, {
    permission: reader,
    handler: (p, { actor }) => reports.findOverviewReport(actor, p),
  });
  registerEndpoint(app, api.getMultiExamStudentScorePage, {
    permission: reader,
    handler: (p, { actor }) => card.getMultiExamStudentScorePage(actor, p),
  });
  registerEndpoint(app, api.findItemsReport, {
    permission: reader,
    handler: (p, { actor }) => reports.findItemsReport(actor, p),
  });
  registerEndpoint(app, api.findLinesReport, {
    permission: reader,
    handler: (p, { actor }) => reports.findLinesReport(actor, p),
  });
  registerEndpoint(app, api.findSubjectsReport, {
    permission: reader,
    handler: (p, { actor }) => reports.findSubjectsReport(actor, p),
  });
  registerEndpoint(app, api.findAttentionReport, {
    permission: reader,
    handler: (p, { actor }) => reports.findAttentionReport(actor, p),
  });
  registerEndpoint(app, api.findLevelsReport, {
    permission: reader,
    handler: (p, { actor }) => reports.findLevelsReport(actor, p),
  });
  registerEndpoint(app, api.findTrendReport, {
    permission: reader,
    handler: (p, { actor }) => trend.findTrendReport(actor, p),
  });
  registerEndpoint(app, api.findTeacherReport, {
    permission: reader,
    handler: (p, { actor }) => trend.findTeacherReport(actor, p),
  });
  registerEndpoint(app, api.findMisRecommend, {
    permission: reader,
    handler: (p, { actor }) => mis.findMisRecommend(actor, p),
  });

  // ---- School area ----
  registerEndpoint(app, api.findSchoolReportMe, {
    permission: reader,
    handler: (p, { actor }) => area.findSchoolReportMe(actor, p),
  });
  registerEndpoint(app, api.findSchoolReportSe, {
    permission: reader,
    handler: (p, { actor }) => area.findSchoolReportSe(actor, p),
  });
  registerEndpoint(app, api.findUnionReport, {
    permission: reader,
    handler: (p, { actor }) => area.findUnionReport(actor, p),
  });
  registerEndpoint(app, api.findUnionAttentionReport, {
    permission: reader,
    handler: (p, { actor }) => area.findUnionAttentionReport(actor, p),
  });
  registerEndpoint(app, api.findSchoolReportQuestion, {
    permission: reader,
    handler: (p, { actor }) => area.findSchoolReportQuestion(actor, p),
  });

  // ---- Report file ----
  registerEndpoint(app, api.exportReportWorkbook, {
    permission: reader,
    handler: (p, { actor }) => files.exportReportWorkbook(actor, p),
  });
  registerEndpoint(app, api.exportReportSummary, {
    permission: reader,
    handler: (p, { actor }) => files.exportReportSummary(actor, p),
  });

  // ---- Student ----
  registerEndpoint(app, api.getStudentReportMEVO, {
    permission: 'student',
    handler: (p, { actor }) => student.getStudentReportMEVO(actor, p),
  });
  registerEndpoint(app, api.getStudentReportSEVO, {
    permission: 'student',
    handler: (p, { actor }) => student.getStudentReportSEVO(actor, p),
  });
  registerEndpoint(app, api.getExamQuestionReportStepSEVO, {
    permission: 'student',
    handler: (p, { actor }) => student.getExamQuestionReportStepSEVO(actor, p),
  });
}
