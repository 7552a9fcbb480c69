import { useQuery } from '@tanstack/react-query';
import { Flex, Radio, Segmented, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useOwnCourse } from '../own-course.ts';
import { questionBankQueries } from '../queries.ts';
import { STAGES, useQuestionBankStore } from '../store.ts';

/**
 * 学段 → 学科, from courses/get. The choice is kept in the question bank store (and localStorage).
 * Until the teacher picks, the picker opens on the course they teach (#22); without one, or when the
 * kept course is not taught at the stage, on the stage's first course.
 */
export function CoursePicker() {
  const { stageCode, courseId, decided, setStage, setCourse, settle } = useQuestionBankStore();
  const own = useOwnCourse();
  const courses = useQuery(questionBankQueries.courses(stageCode));
  const list = courses.data;

  useEffect(() => {
    if (!decided && own) {
      // Applied once, as a decision: the teacher's later picks are kept from then on.
      settle(own.stageCode, own.courseId, true);
      return;
    }
    // Wait for the teacher's own course before falling back to the first one.
    if (!decided && own === undefined) return;
    if (list && list.length > 0 && !list.some((course) => course.courseId === courseId)) {
      settle(stageCode, list[0]!.courseId, decided);
    }
  }, [list, courseId, stageCode, decided, own, settle]);

  return (
    <Flex vertical gap={8} aria-label="学科选择">
      <Segmented
        block
        value={stageCode}
        onChange={(value) => setStage(Number(value))}
        options={STAGES.map((stage) => ({ value: stage.code, label: stage.name }))}
      />
      {courses.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : list && list.length > 0 ? (
        <Radio.Group
          size="small"
          optionType="button"
          buttonStyle="solid"
          value={courseId}
          onChange={(event) => setCourse(event.target.value as string)}
          options={list.map((course) => ({ value: course.courseId, label: course.name }))}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}
        />
      ) : (
        <Typography.Text type="secondary">该学段暂无学科</Typography.Text>
      )}
    </Flex>
  );
}

/** The chosen course, once the picker has settled on one. */
export function useChosenCourse(): string | null {
  return useQuestionBankStore((state) => state.courseId);
}
