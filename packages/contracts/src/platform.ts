import { z } from 'zod';
import { emptyParams } from './common.ts';
import { endpoint } from './endpoint.ts';

export const appConfigSchema = z.object({
  platformName: z.string(),
  versionLabel: z.string(),
  versionType: z.number(),
  footer: z.object({ copyright: z.string(), filing: z.string().nullable(), filingUrl: z.string().nullable() }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
  /** Every migration of this build applied. */
  migrated: z.boolean(),
});
export type Health = z.infer<typeof healthSchema>;

export const platformApi = {
  appConfig: endpoint('platform', 'app-config', {
    kind: 'get',
    access: 'public',
    params: emptyParams,
    response: appConfigSchema,
  }),
  healthz: endpoint('platform', 'healthz', {
    kind: 'get',
    access: 'public',
    params: emptyParams,
    response: healthSchema,
  }),
};
