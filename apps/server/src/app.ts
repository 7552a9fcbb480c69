import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { platformApi } from '@huikao/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createAnalysisModule } from './modules/analysis/index.ts';
import { createAuthModule, ssoConfigFrom } from './modules/auth/index.ts';
import { createCurriculumModule } from './modules/curriculum/index.ts';
import { createDocumentsModule } from './modules/documents/index.ts';
import { createExamsModule } from './modules/exams/index.ts';
import { createMarkingModule } from './modules/marking/index.ts';
import { createOnlineExamModule, type Clock as OnlineExamClock } from './modules/online-exam/index.ts';
import { createQuestionBankModule } from './modules/question-bank/index.ts';
import {
  createScanningModule,
  type DemoScanInput,
  type RecognitionRunner,
  type ScanUpkeep,
} from './modules/scanning/index.ts';
import { createSchoolBaseModule } from './modules/school-base/index.ts';
import { auditSinkOf } from './platform/audit-log.ts';
import type { AuditSink, SessionResolver } from './platform/auth-context.ts';
import { registerBackupRoutes } from './platform/backup/backup-routes.ts';
import { answerClientError } from './platform/client-errors.ts';
import type { Config } from './platform/config.ts';
import { type Database, openDatabase } from './platform/db.ts';
import { registerEndpoint } from './platform/endpoints.ts';
import { registerErrorHandling } from './platform/error-handler.ts';
import { AppError } from './platform/errors.ts';
import { MULTIPART_LIMITS } from './platform/files.ts';
import { lazyJobQueue } from './platform/job-queue.ts';
import { newLocalAdminToken } from './platform/local-admin.ts';
import { closeParseWorkers } from './platform/parse-worker.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerStaticWeb } from './platform/static-web.ts';
import { openFileStorage, registerLocalFileUrls } from './platform/storage-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    platform: {
      sessions: SessionResolver;
      audit: AuditSink;
      appKey: string;
      database: Database;
      /** The local administration channel's token for this start (platform/local-admin.ts). */
      localAdminToken: string;
    };
    /** Recognition of scanned pages (scanning module): tests drain it, main.ts runs its workers. */
    scanRecognition: RecognitionRunner;
    /** Lost pages and deleted batches (scanning module): on a timer with the workers; tests run it. */
    scanUpkeep: ScanUpkeep;
    /** The demo's scanned batch (db/seed/demo-scans.ts), run after start. */
    scanDemoBatch: (input: DemoScanInput) => Promise<{ pages: number; exceptionsResolved: number }>;
    /** Closes online-exam sittings past their deadline now (tests; the app also does it every 15 s). */
    onlineExamSweep: () => Promise<number>;
  }
}

// Default zod messages in Chinese; contracts still give their own, naming the field.
z.config(z.locales.zhCN());

const VERSION_LABEL = '7.0.203';
const FOOTER_COPYRIGHT: Record<number, string> = {
  1: `© ${new Date().getFullYear()} 慧考云 版权所有`,
  2: `© ${new Date().getFullYear()} 慧考云 · 区域教育云平台 版权所有 | 技术支持：慧考云`,
};

export interface BuildOptions {
  /** Tests pass a database they opened; otherwise the config decides. */
  database?: Database;
  logger?: boolean;
  /** Compute analysis reports in the background (main.ts); tests call runPending() instead. */
  analysisWorker?: boolean;
  /** Recognise scanned pages in the background (main.ts); tests drain app.scanRecognition instead. */
  scanWorker?: boolean;
  /** Close online-exam sittings at their deadline every 15 s (default); tests with a clock sweep themselves. */
  onlineExamSweep?: boolean;
  /** The online exams' clock (tests move time; the default is the system clock). */
  onlineExamClock?: OnlineExamClock;
}

/** Builds the whole platform as one Fastify instance; main.ts listens, tests use app.inject. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.jwttoken'] },
    bodyLimit: config.bodyLimitBytes,
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY); by default from nobody.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Fastify calls it bound to the instance.
    clientErrorHandler(this: FastifyInstance, error, socket) {
      answerClientError(this.log, error, socket);
    },
  });
  const database = options.database ?? (await openDatabase(config));
  if (!options.database) app.addHook('onClose', () => database.close());

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  // JSON, HTML and any asset not pre-compressed at build (scripts/web-build.mjs), above 1 KB; br at
  // quality 4 (the plugin's default) costs little CPU per answer. Requests are not decompressed.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  app.addHook('onClose', closeParseWorkers);
  await app.register(formbody);
  // Uploads (protocol.md): a ceiling for every multipart endpoint; each endpoint's rule is stricter.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // The encrypted body is hex text; accept it whatever Content-Type a client sends.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // Only routes that ask for it are limited (the logins, through app.rateLimit); counted per address before the body is read.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `请求过于频繁，请 ${Math.max(1, Math.ceil(context.ttl / 1000))} 秒后再试`, 429),
  });

  const schoolBase = createSchoolBaseModule(database.db);
  const auth = createAuthModule(database.db, config.jwtSecret, schoolBase.service, ssoConfigFrom(config.ssoEnv));
  app.decorate('platform', {
    sessions: auth.sessions,
    audit: auditSinkOf(database.db),
    appKey: config.appKey,
    database,
    localAdminToken: newLocalAdminToken(),
  });

  registerEndpoint(app, platformApi.healthz, {
    permission: 'public',
    // Whether the process serves and its database is migrated, and no version anyone could match
    // against a list of known flaws.
    handler: async () => {
      const migration = await database.migrationLevel();
      return { status: 'ok' as const, database: database.kind, migrated: migration.level === migration.expected };
    },
  });
  registerEndpoint(app, platformApi.appConfig, {
    permission: 'public',
    handler: async () => ({
      platformName: '慧考云',
      versionLabel: VERSION_LABEL,
      versionType: config.versionType,
      footer: {
        copyright: FOOTER_COPYRIGHT[config.versionType] ?? FOOTER_COPYRIGHT[1]!,
        filing: config.icpFiling ?? null,
        filingUrl: config.icpFiling ? 'https://beian.miit.gov.cn/' : null,
      },
    }),
  });
  registerBackupRoutes(app, database);
  auth.routes(app, { loginsPerMinute: config.loginRatePerMinute });
  schoolBase.routes(app);
  createCurriculumModule(database.db).routes(app);
  const files = await openFileStorage(config);
  app.addHook('onClose', async () => files.close());
  if (files.local) registerLocalFileUrls(app, files.local);
  const storage = files.storage;
  createExamsModule(database.db, storage).routes(app);
  createQuestionBankModule(database.db, storage).routes(app);
  createDocumentsModule(database.db, storage).routes(app);
  // Background jobs (scanned pages) in the database; opened on first use, maintained where workers run.
  const jobs = lazyJobQueue(database, { supervise: Boolean(options.scanWorker) });
  const scanning = createScanningModule(database.db, {
    storage,
    secret: config.jwtSecret,
    jobs,
    recognition: { onError: (err, pageId) => app.log.error({ err, pageId }, 'page recognition failed') },
    upkeep: { onError: (err) => app.log.error({ err }, 'scanning upkeep failed') },
  });
  scanning.routes(app);
  app.decorate('scanRecognition', scanning.recognition);
  app.decorate('scanUpkeep', scanning.upkeep);
  app.decorate('scanDemoBatch', scanning.scanDemoBatch);
  if (options.scanWorker) {
    await scanning.recognition.start();
    scanning.upkeep.start();
  }
  // Workers first (running pages finish or are left to their lease), then the queue, before the database closes.
  app.addHook('onClose', async () => {
    await scanning.upkeep.stop();
    await scanning.recognition.stop();
    await jobs.stop();
  });
  createMarkingModule(database.db, undefined, storage).routes(app);
  // Online exams; a process that serves also closes sittings at their deadline (a sweep every 15 s,
  // safe in several processes at once: each sitting is closed once, under its row lock).
  const onlineExams = createOnlineExamModule(database.db, {
    clock: options.onlineExamClock,
    storage,
    sweepMs: options.onlineExamSweep === false ? 0 : 15_000,
    onSweepError: (err) => app.log.error({ err }, 'closing online-exam sittings failed'),
  });
  onlineExams.routes(app);
  app.decorate('onlineExamSweep', onlineExams.sweep);
  onlineExams.start();
  app.addHook('onClose', async () => onlineExams.stop());

  const analysis = createAnalysisModule(database.db, {
    storage,
    runs: { onError: (runKey, err) => app.log.error({ err, runKey }, 'analysis computation failed') },
  });
  analysis.routes(app);
  if (options.analysisWorker) {
    analysis.runs.start();
    app.addHook('onClose', () => analysis.runs.stop());
  }

  const pruner = setInterval(() => {
    auth.pruneExpired().catch((error) => app.log.warn({ err: error }, 'pruning expired sessions and nonces failed'));
  }, 60_000);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));

  await registerStaticWeb(app, config.webDist, config.appKey);
  return app;
}
