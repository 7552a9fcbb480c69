import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const production = {
  NODE_ENV: 'production',
  APP_KEY: 'SchoolProductionKey_0123456789ab',
  JWT_SECRET: 'production-jwt-secret-0123456789abcdef',
  DATA_DIR: '/tmp',
};

// Production never seeds the demo school (its administrator's password is in README) unless asked.
describe('the demo school seed', () => {
  it('is off in production unless SEED_DEMO=1 is set explicitly', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('is on in development, as before, unless SEED_DEMO=0', () => {
    expect(loadConfig({ DATA_DIR: '/tmp', JWT_SECRET: production.JWT_SECRET }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp', JWT_SECRET: production.JWT_SECRET, SEED_DEMO: '0' }).seedDemo).toBe(false);
  });
});
