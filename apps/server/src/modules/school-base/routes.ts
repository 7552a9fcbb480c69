import { schoolBaseApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { SchoolBaseService } from './service.ts';

// The school base centre calls of spec §7 (docs/api.md). Reads are for teachers (types 1 and 5),
// writes for the school administrator (type 5); the services check the school and every id.
// Batch adds, import and export are registered by imports/routes.ts.

export function registerSchoolBaseRoutes(app: FastifyInstance, _db: Db, s: SchoolBaseService): void {
  const read = 'teacher' as const;
  const write = 'school-admin' as const;

  registerEndpoint(app, api.education, { permission: read, handler: (p, { actor }) => s.grades.education(actor, p) });
  registerEndpoint(app, api.gradeCourses, {
    permission: read,
    handler: (p, { actor }) => s.grades.gradeCourses(actor, p),
  });
  registerEndpoint(app, api.addGrade, { permission: write, handler: (p, { actor }) => s.grades.addGrade(actor, p) });
  registerEndpoint(app, api.deleteGrade, {
    permission: write,
    handler: (p, { actor }) => s.grades.deleteGrade(actor, p),
  });
  registerEndpoint(app, api.deleteGradeCourse, {
    permission: write,
    handler: (p, { actor }) => s.grades.deleteGradeCourse(actor, p),
  });

  registerEndpoint(app, api.schoolYears, {
    permission: read,
    handler: (p, { actor }) => s.years.schoolYears(actor, p),
  });
  registerEndpoint(app, api.addSchoolYear, {
    permission: write,
    handler: (p, { actor }) => s.years.addSchoolYear(actor, p),
  });
  registerEndpoint(app, api.updateSchoolYear, {
    permission: write,
    handler: (p, { actor }) => s.years.updateSchoolYear(actor, p),
  });
  registerEndpoint(app, api.deleteSchoolYear, {
    permission: write,
    handler: (p, { actor }) => s.years.deleteSchoolYear(actor, p),
  });
  registerEndpoint(app, api.terms, { permission: read, handler: (p, { actor }) => s.years.terms(actor, p) });
  registerEndpoint(app, api.addTerm, { permission: write, handler: (p, { actor }) => s.years.addTerm(actor, p) });
  registerEndpoint(app, api.updateTerm, { permission: write, handler: (p, { actor }) => s.years.updateTerm(actor, p) });
  registerEndpoint(app, api.deleteTerm, { permission: write, handler: (p, { actor }) => s.years.deleteTerm(actor, p) });

  registerEndpoint(app, api.classes, { permission: read, handler: (p, { actor }) => s.classes.classes(actor, p) });
  registerEndpoint(app, api.editClass, { permission: write, handler: (p, { actor }) => s.classes.editClass(actor, p) });
  registerEndpoint(app, api.deleteClass, {
    permission: write,
    handler: (p, { actor }) => s.classes.deleteClass(actor, p),
  });
  registerEndpoint(app, api.classStudents, {
    permission: read,
    handler: (p, { actor }) => s.classes.classStudents(actor, p),
  });
  registerEndpoint(app, api.upgrade, { permission: write, handler: (p, { actor }) => s.upgrade.upgrade(actor, p) });

  registerEndpoint(app, api.students, { permission: read, handler: (p, { actor }) => s.students.students(actor, p) });
  registerEndpoint(app, api.termStudents, {
    permission: read,
    handler: (p, { actor }) => s.students.termStudents(actor, p),
  });
  registerEndpoint(app, api.editStudent, {
    permission: write,
    handler: (p, { actor }) => s.students.editStudent(actor, p),
  });
  registerEndpoint(app, api.resetStudentPassword, {
    permission: write,
    handler: (p, { actor }) => s.students.resetStudentPassword(actor, p),
  });
  registerEndpoint(app, api.deleteStudent, {
    permission: write,
    handler: (p, { actor }) => s.students.deleteStudent(actor, p),
  });

  registerEndpoint(app, api.teachers, { permission: read, handler: (p, { actor }) => s.teachers.teachers(actor, p) });
  registerEndpoint(app, api.editTeacher, {
    permission: write,
    handler: (p, { actor }) => s.teachers.editTeacher(actor, p),
  });
  registerEndpoint(app, api.deleteTeacher, {
    permission: write,
    handler: (p, { actor }) => s.teachers.deleteTeacher(actor, p),
  });
  registerEndpoint(app, api.resetTeacherPassword, {
    permission: write,
    handler: (p, { actor }) => s.teachers.resetTeacherPassword(actor, p),
  });

  registerEndpoint(app, api.classTeachers, {
    permission: read,
    handler: (p, { actor }) => s.links.classTeachers(actor, p),
  });
  registerEndpoint(app, api.addClassTeacher, {
    permission: write,
    handler: (p, { actor }) => s.links.addClassTeacher(actor, p),
  });
  registerEndpoint(app, api.deleteClassTeacher, {
    permission: write,
    handler: (p, { actor }) => s.links.deleteClassTeacher(actor, p),
  });
  registerEndpoint(app, api.teacherTerms, {
    permission: read,
    handler: (p, { actor }) => s.links.teacherTerms(actor, p),
  });
  registerEndpoint(app, api.gradeCourseTeachers, {
    permission: read,
    handler: (p, { actor }) => s.links.gradeCourseTeachers(actor, p),
  });

  registerEndpoint(app, api.organLeaders, {
    permission: read,
    handler: (p, { actor }) => s.leaders.organLeaders(actor, p),
  });
  registerEndpoint(app, api.editOrganLeader, {
    permission: write,
    handler: (p, { actor }) => s.leaders.editOrganLeader(actor, p),
  });
  registerEndpoint(app, api.deleteOrganLeader, {
    permission: write,
    handler: (p, { actor }) => s.leaders.deleteOrganLeader(actor, p),
  });
  registerEndpoint(app, api.myOrganLeaders, {
    permission: read,
    handler: (p, { actor }) => s.leaders.myOrganLeaders(actor, p),
  });

  registerEndpoint(app, api.refreshTableInfo, {
    permission: read,
    handler: (p, { actor }) => s.refreshTableInfo(actor, p),
  });
}
