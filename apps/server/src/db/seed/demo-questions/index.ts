// The team's own demo question bank (issue #6 item 2): original junior-school questions, one bank
// per course, so a fresh start has content without ../shared/data.

import { CHINESE_BANK } from './chinese.ts';
import { ENGLISH_BANK } from './english.ts';
import type { DemoCourseBank } from './format.ts';
import { HISTORY_BANK } from './history.ts';
import { MATH_BANK } from './math.ts';
import { PHYSICS_BANK } from './physics.ts';

export const DEMO_QUESTION_BANKS: DemoCourseBank[] = [
  CHINESE_BANK,
  MATH_BANK,
  ENGLISH_BANK,
  PHYSICS_BANK,
  HISTORY_BANK,
];
