import { z } from 'zod';
import { codeSchema, dateSchema, emptyParams, idSchema, textInput, userTypeSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { newPasswordSchema, PASSWORD_MESSAGES } from './password.ts';
import { classTeacherSchema, organLeaderSchema, schoolGradeSchema, teacherSchema } from './school-base-models.ts';

/** The stored user of spec §3, kept in browser storage; mustChangePsw is ours (admin resets). */
export const storedUserSchema = z.object({
  loginName: z.string(),
  token: z.string(),
  jwtToken: z.string(),
  type: z.number(),
  schoolId: z.string(),
  userCode: z.string(),
  name: z.string(),
  mustChangePsw: z.boolean(),
  /** A temporary marker account (tempUsers): it lands on, and may open only, 我的阅卷任务 and the desk. */
  tempMarker: z.boolean().optional(),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

export const loginParams = z.object({
  loginName: textInput('账号', '请输入账号').trim().min(1, '请输入账号').max(64, '账号过长'),
  password: textInput('密码', '请输入密码').min(1, '请输入密码').max(128, '密码过长'),
});

export const schoolRelationSchema = z.object({
  schoolId: z.string(),
  schoolName: z.string(),
  relationId: z.string(),
  relationName: z.string(),
});
export type SchoolRelation = z.infer<typeof schoolRelationSchema>;

export const appsServerSchema = z.object({ code: z.string(), name: z.string(), prefix: z.string() });

/**
 * Spec §3 school-centre user data. schoolTeacher is the user's teacher record (null for students,
 * managers and accounts without one); schoolClassTeachers are that teacher's links of the current
 * term, schoolOrganLeaders their leader roles; schoolGradeCourses the school's grades with courses.
 */
export const userInfoSchema = z.object({
  user: z.object({
    userId: z.string(),
    loginName: z.string(),
    name: z.string(),
    type: z.number(),
    schoolId: z.string(),
    schoolName: z.string(),
    userCode: z.string(),
    mustChangePsw: z.boolean(),
  }),
  schoolTeacher: teacherSchema.nullable(),
  schoolGradeCourses: z.array(schoolGradeSchema),
  appsServers: z.array(appsServerSchema),
  schoolClassTeachers: z.array(classTeacherSchema),
  schoolOrganLeaders: z.array(organLeaderSchema),
  schoolRelations: z.array(schoolRelationSchema),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const schoolYearSchema = z.object({
  schyId: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export const gradeTermSchema = z.object({
  termId: z.string(),
  schyId: z.string(),
  name: z.string(),
  termNo: z.number(),
  startDate: z.string(),
  endDate: z.string(),
});
export const sgtSchema = z.object({ schoolYear: schoolYearSchema, term: gradeTermSchema });
export type SchoolYearTerm = z.infer<typeof sgtSchema>;

export const updatePswParams = z
  .object({
    schoolId: idSchema('学校'),
    userCode: codeSchema('用户编号'),
    type: userTypeSchema,
    oldPsw: textInput('原密码', PASSWORD_MESSAGES.oldRequired).min(1, PASSWORD_MESSAGES.oldRequired),
    newPsw: newPasswordSchema,
  })
  .refine((p) => p.oldPsw !== p.newPsw, { message: PASSWORD_MESSAGES.sameAsOld, path: ['newPsw'] });

export const loginTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string(), url: z.string() });

export const authApi = {
  userLogin: endpoint('analysis', 'user/userLogin', {
    kind: 'encrypted',
    access: 'public',
    params: loginParams,
    response: storedUserSchema,
  }),
  autoLogin: endpoint('analysis', 'user/autoLogin', {
    kind: 'encrypted',
    access: 'public',
    params: z.object({
      ticket: textInput('登录票据', '缺少登录票据').min(1, '缺少登录票据').max(2048, '登录票据无效'),
    }),
    response: storedUserSchema,
  }),
  findUserInfo: endpoint('analysis', 'user/findUserInfo', {
    kind: 'encrypted',
    access: 'session',
    params: emptyParams,
    response: userInfoSchema,
  }),
  findSGTByDate: endpoint('analysis', 'user/findSGTByDate', {
    kind: 'encrypted',
    access: 'session',
    params: z.object({ schoolId: idSchema('学校'), date: dateSchema('日期').optional() }),
    response: sgtSchema,
  }),
  updatePsw: endpoint('analysis', 'user/updatePsw', {
    kind: 'encrypted',
    access: 'session',
    params: updatePswParams,
    response: z.null(),
  }),
  logout: endpoint('analysis', 'user/logout', {
    kind: 'encrypted',
    access: 'session',
    params: emptyParams,
    response: z.null(),
  }),
  issueLoginTicket: endpoint('analysis', 'user/issueLoginTicket', {
    kind: 'encrypted',
    access: 'session',
    params: z.object({ loginName: textInput('账号', '请输入账号').trim().min(1, '请输入账号') }),
    response: loginTicketSchema,
  }),
};
