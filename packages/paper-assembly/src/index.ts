// Smart paper assembly (组卷), pure: no framework imports.
export * from './assemble.ts';
export { hashSeed, seededRandom } from './random.ts';
