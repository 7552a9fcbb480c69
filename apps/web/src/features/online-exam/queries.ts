import {
  type OnlineExamSummary,
  type OnlineResult,
  onlineExamApi,
  type SittingRow,
  type StudentOnlineExam,
} from '@huikao/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

// Server state of online exams: one key factory under ['online-exam', …], one query per call.

export const onlineExamKeys = {
  all: ['online-exam'] as const,
  mine: (schoolId: string) => ['online-exam', 'student', schoolId] as const,
  made: (schoolId: string) => ['online-exam', 'made', schoolId] as const,
  monitor: (id: string) => ['online-exam', 'monitor', id] as const,
  result: (id: string) => ['online-exam', 'result', id] as const,
};

export const onlineExamQueries = {
  mine: (schoolId: string) =>
    queryOptions({
      queryKey: onlineExamKeys.mine(schoolId),
      queryFn: ({ signal }) =>
        call(onlineExamApi.findOnLineExamByStuId, { schoolId }, { signal }) as Promise<StudentOnlineExam[]>,
    }),
  made: (schoolId: string) =>
    queryOptions({
      queryKey: onlineExamKeys.made(schoolId),
      queryFn: ({ signal }) =>
        call(onlineExamApi.findOnlineExams, { schoolId }, { signal }) as Promise<OnlineExamSummary[]>,
    }),
  monitor: (onlineExamId: string) =>
    queryOptions({
      queryKey: onlineExamKeys.monitor(onlineExamId),
      queryFn: ({ signal }) =>
        call(onlineExamApi.findOnLineExamStuInfoBySeId, { onlineExamId }, { signal }) as Promise<SittingRow[]>,
      refetchInterval: 10_000,
    }),
  result: (onlineExamId: string) =>
    queryOptions({
      queryKey: onlineExamKeys.result(onlineExamId),
      queryFn: ({ signal }) =>
        call(onlineExamApi.findOnlineExamResult, { onlineExamId }, { signal }) as Promise<OnlineResult>,
    }),
};
