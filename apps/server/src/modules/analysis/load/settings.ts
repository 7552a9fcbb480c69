import { type AnalysisSettings, DEFAULT_SCORE_CONFIG, type ScoreConfig } from '@huikao/contracts';

// A multi-exam's analysis settings as the computation uses them. Stored settings are a copy of the
// school's SSC taken when the exam was created, so rows older than a field lack it: every field
// falls back to DEFAULT_SCORE_CONFIG on its own (nested objects field by field), never the whole.

export type RunSettings = ScoreConfig & { classIds: string[]; elaId: string | null };

type Loose = Partial<Record<string, unknown>>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `stored` over `fallback`, key by key, one level down for nested objects; wrong types fall back. */
function over<T extends object>(fallback: T, stored: unknown): T {
  if (!isObject(stored)) return fallback;
  const out: Loose = { ...fallback };
  for (const [key, base] of Object.entries(fallback)) {
    const value = stored[key];
    if (value === undefined || value === null) continue;
    if (isObject(base)) out[key] = over(base, value);
    else if (Array.isArray(base)) out[key] = Array.isArray(value) ? value : base;
    else if (typeof value === typeof base) out[key] = value;
  }
  return out as T;
}

export function runSettings(stored: Partial<AnalysisSettings> | null | undefined): RunSettings {
  const config = over(DEFAULT_SCORE_CONFIG, stored);
  const raw = (stored ?? {}) as Loose;
  const classIds = Array.isArray(raw.classIds) ? raw.classIds.map(String) : [];
  const ela = raw.elaId;
  const elaId = typeof ela === 'number' || (typeof ela === 'string' && ela !== '') ? String(ela) : null;
  return { ...config, classIds, elaId };
}
