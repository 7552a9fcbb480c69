import { type CourseBase, DIFFICULTY_LEVELS, type QbCourse, type TreeNode } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import { type Db, inTurn } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import * as repo from './catalogue-repo.ts';
import { findNode, nestNodes } from './trees.ts';

// The catalogue calls: courses/get, base/get, base/get_all, nodes/get and the textbooks/* calls.

export const NODE_KIND = { knowledge: 1, chapter: 2 } as const;

const str = (n: number) => String(n);

export function createCatalogueService(db: Db) {
  async function bases(actor: Actor, courseId: number | null): Promise<CourseBase[]> {
    const [courses, types, paperTypes, areas, years, grades] = await inTurn([
      () => repo.coursesOfStage(db, null),
      () => repo.questionTypesOf(db, courseId),
      () => repo.paperTypes(db),
      () => repo.areas(db),
      () => repo.yearsByCourse(db, actor.schoolId, courseId),
      () => repo.grades(db),
    ] as const);
    return courses
      .filter((c) => courseId === null || c.id === courseId)
      .map((course) => ({
        courseId: str(course.id),
        courseName: course.name,
        questionTypes: types
          .filter((t) => t.courseId === course.id)
          .map((t) => ({ id: str(t.id), name: t.name, objective: t.objective === 1 })),
        difficulties: DIFFICULTY_LEVELS.map((d) => ({ id: d.id, name: d.name })),
        paperTypes: paperTypes.map((p) => ({ id: str(p.id), name: p.name })),
        areas: areas.map((a) => ({ id: str(a.id), name: a.name })),
        years: years.filter((y) => y.courseId === course.id).map((y) => y.year as number),
        grades: grades.filter((g) => course.stages.includes(g.stage)).map((g) => ({ id: str(g.id), name: g.name })),
      }));
  }

  async function tree(courseId: number, kind: number): Promise<TreeNode[]> {
    return nestNodes(await repo.nodesOf(db, courseId, kind));
  }

  return {
    async getCourses(stageCode: number): Promise<QbCourse[]> {
      const rows = await repo.coursesOfStage(db, stageCode);
      return rows.map((c) => ({ courseId: str(c.id), name: c.name, stages: c.stages }));
    },
    async getBase(actor: Actor, courseId: string): Promise<CourseBase> {
      const [base] = await bases(actor, Number(courseId));
      if (!base) throw notFound('学科不存在');
      return base;
    },
    getBaseAll: (actor: Actor) => bases(actor, null),
    getNodes: (courseId: string, kind: number) => tree(Number(courseId), kind),
    getCcn: (courseId: string) => tree(Number(courseId), NODE_KIND.chapter),
    async getCcnRoot(courseId: string): Promise<TreeNode[]> {
      return (await tree(Number(courseId), NODE_KIND.chapter)).map((root) => ({ ...root, children: [] }));
    },
    async getCtv(courseId: string) {
      return (await tree(Number(courseId), NODE_KIND.chapter)).map((edition) => ({
        id: edition.id,
        name: edition.name,
        volumes: edition.children.map((v) => ({ id: v.id, name: v.name })),
      }));
    },
    async getCcnByRoot(rootId: string): Promise<TreeNode[]> {
      const root = Number.isSafeInteger(Number(rootId)) ? await repo.nodeById(db, Number(rootId)) : null;
      if (!root || root.kind !== NODE_KIND.chapter) throw notFound('教材版本不存在');
      const node = findNode(await tree(root.courseId, NODE_KIND.chapter), rootId);
      return node ? [node] : [];
    },
  };
}
