// The team's own demo question bank (issue #6 item 2), one bank per course.

import type { DemoCourseBank } from './format.ts';
import { MATH_BANK } from './math.ts';

export const DEMO_QUESTION_BANKS: DemoCourseBank[] = [MATH_BANK];
