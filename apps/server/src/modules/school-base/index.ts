// The school-base module's only public door. Issue #3 adds its routes and the rest of the base data.
export { createSchoolBaseService, schoolToday, type SchoolBaseService } from './service.ts';
