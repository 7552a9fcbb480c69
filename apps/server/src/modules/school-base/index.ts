// The school-base module's only public door. Issue #3 adds its routes and the rest of the base data.
export { createSchoolBaseService, type SchoolBaseService, schoolToday } from './service.ts';
