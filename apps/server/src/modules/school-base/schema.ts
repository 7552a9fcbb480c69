import { bigint, date, index, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';

// The school base tables that #2 needs (schools, areas, relations, school years, terms).
// Issue #3 adds grades, classes, students, teachers and links beside them.

export const areas = pgTable('areas', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const schools = pgTable('schools', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  areaId: bigint({ mode: 'number' }).references(() => areas.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Spec §3 schoolRelations: a manager's view onto schools, relationId being the area. */
export const schoolRelations = pgTable(
  'school_relations',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    areaId: bigint({ mode: 'number' })
      .notNull()
      .references(() => areas.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.schoolId] })],
);

export const schoolYears = pgTable(
  'school_years',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [unique().on(t.schoolId, t.name), index().on(t.schoolId, t.startDate)],
);

/** A grade term (学期) of a school year: termNo 1 上学期, 2 下学期. */
export const gradeTerms = pgTable(
  'grade_terms',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    schoolYearId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schoolYears.id),
    termNo: smallint().notNull(),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [unique().on(t.schoolYearId, t.termNo), index().on(t.schoolId, t.startDate)],
);
