// The yearly upgrade (学年升级) as a pure plan: each class moves one grade up within its stage
// (一 … 六, 七 → 八 → 九, 高一 → 高二 → 高三); the last grade of a stage graduates.

export interface CatalogueGrade {
  id: number;
  stage: number;
  name: string;
  sortOrder: number;
}

export interface ClassInYear {
  classId: number;
  name: string;
  gradeId: number;
  studentCount: number;
}

export interface ClassMove extends ClassInYear {
  fromGradeName: string;
  /** null: the class graduates and is archived. */
  toGradeId: number | null;
  toGradeName: string | null;
}

/** The next grade of the same stage, or null after the stage's last grade. */
export function nextGrade(gradeId: number, catalogue: readonly CatalogueGrade[]): CatalogueGrade | null {
  const grade = catalogue.find((g) => g.id === gradeId);
  if (!grade) return null;
  const later = catalogue
    .filter((g) => g.stage === grade.stage && g.sortOrder > grade.sortOrder)
    .sort((a, b) => a.sortOrder - b.sortOrder);
  return later[0] ?? null;
}

export function planMoves(classes: readonly ClassInYear[], catalogue: readonly CatalogueGrade[]): ClassMove[] {
  return classes.map((c) => {
    const next = nextGrade(c.gradeId, catalogue);
    return {
      ...c,
      fromGradeName: catalogue.find((g) => g.id === c.gradeId)?.name ?? '',
      toGradeId: next?.id ?? null,
      toGradeName: next?.name ?? null,
    };
  });
}
