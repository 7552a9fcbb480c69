// The team's own demo question bank (issue #6 item 2), one bank per course.

import type { DemoCourseBank } from './format.ts';
import { MATH_BANK } from './math.ts';
import { PHYSICS_BANK } from './physics.ts';

export const DEMO_QUESTION_BANKS: DemoCourseBank[] = [MATH_BANK, PHYSICS_BANK];
