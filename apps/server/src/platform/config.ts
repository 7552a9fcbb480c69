import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The development app key; README documents it. Production refuses to start with it. */
export const DEV_APP_KEY = 'HuiKaoCloudDevAppKey0123456789ab';

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  STORAGE_URL: z
    .string()
    .optional()
    .refine(
      (url) => !url || url.startsWith('s3://'),
      'STORAGE_URL 应以 s3:// 开头，如 s3://huikao-files?region=cn-north-1',
    ),
  APP_KEY: z
    .string()
    .default(DEV_APP_KEY)
    .refine((key) => key.length === 32, 'APP_KEY 必须是 32 个字符'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET 至少 32 个字符').optional(),
  VERSION_TYPE: z.coerce.number().int().default(2),
  ICP_FILING: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .refine(
      (proxies) => proxies.every(isProxyAddress),
      'TRUST_PROXY 应为反向代理的地址列表（IP 或网段，逗号分隔，如 127.0.0.1,10.0.0.0/8），或 loopback、linklocal、uniquelocal',
    ),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(600),
});

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range or one of proxy-addr's names; never "everyone" (true, *). */
function isProxyAddress(text: string): boolean {
  if (PROXY_NAMES.has(text)) return true;
  const [address = '', bits, extra] = text.split('/');
  if (extra !== undefined || isIP(address) === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
}

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded database (PGlite) under dataDir. `memory://` keeps PGlite in memory. */
  databaseUrl?: string;
  /** Absent: files under dataDir/files. `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`: object storage (storage-s3.ts). */
  storageUrl?: string;
  appKey: string;
  jwtSecret: string;
  versionType: number;
  icpFiling?: string;
  webDist: string;
  logLevel: string;
  bodyLimitBytes: number;
  seedDemo: boolean;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (Fastify's trustProxy); empty: none, the
   * client is the connection's peer, so a client cannot name its own address.
   */
  trustProxy: string[];
  /**
   * Logins (userLogin and autoLogin together) one address may make per minute. A school's network
   * often reaches us through one NAT address, so this is sized for a whole school signing in at the
   * start of an exam, while cutting an address's guessing rate from >100/s to 10/s.
   */
  loginRatePerMinute: number;
  /** The SSO_* settings as given: single sign-on providers (auth/sso/config.ts reads them). */
  ssoEnv: Record<string, string | undefined>;
}

export class ConfigError extends Error {}

/** Reads settings from the environment; every setting is listed in README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`配置错误：${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('；')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.APP_KEY === DEV_APP_KEY) {
    throw new ConfigError('生产环境必须设置 APP_KEY，不能使用开发默认值');
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('生产环境必须设置 JWT_SECRET');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    storageUrl: e.STORAGE_URL || undefined,
    appKey: e.APP_KEY,
    jwtSecret: e.JWT_SECRET ?? developmentJwtSecret(dataDir),
    versionType: e.VERSION_TYPE,
    icpFiling: e.ICP_FILING,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    // The demo administrator's password is published: production seeds it only when asked to.
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : e.NODE_ENV !== 'production',
    trustProxy: e.TRUST_PROXY,
    loginRatePerMinute: e.LOGIN_RATE_PER_MINUTE,
    ssoEnv: {
      NODE_ENV: e.NODE_ENV,
      ...Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('SSO_'))),
    },
  };
}

/** In development the JWT secret is generated once and kept in the data folder (protocol.md). */
function developmentJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
