import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { defaultModelOf } from '@korrigo/grading';
import type { Config } from './env';
import { openDatabase, type DatabaseHandle, type DatabaseTimeLimits } from './platform/db';
import { healthRoutes } from './platform/health';
import { createAuth, hashPassword, verifyPassword, type Auth } from './platform/auth';
import { registerAuthRoutes } from './platform/auth-routes';
import { registerErrorHandler } from './platform/errors';
import { createMailer, type Mailer } from './platform/mail';
import { resolveAuthSecret } from './platform/secret';
import { ownHosts, type LinkBase } from './platform/origins';
import { rateLimitsFor, registerRateLimits } from './platform/rate-limits';
import { registerOriginCheck, registerSecurityHeaders } from './platform/security';
import { registerSession, type SignedIn } from './platform/session';
import { createSessionCache, shareAcrossProcesses, type SessionCache } from './platform/session-cache';
import { createStorage, type Storage } from './platform/storage';
import { createUserReadCache } from './platform/user-read-cache';
import { createProfileRepository } from './modules/profile/profile.repository';
import { createProfileService, type ProfileService } from './modules/profile/profile.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { createAccountService } from './modules/account/account.service';
import { accountRoutes } from './modules/account/account.routes';
import { createContactRepository } from './modules/contact/contact.repository';
import { createContactService } from './modules/contact/contact.service';
import { contactRoutes } from './modules/contact/contact.routes';
import { createUpdatesRepository } from './modules/updates/updates.repository';
import { createUpdatesService } from './modules/updates/updates.service';
import { updatesRoutes } from './modules/updates/updates.routes';
import { createDemoRepository } from './modules/demo/demo.repository';
import { createDemoService } from './modules/demo/demo.service';
import { demoRoutes } from './modules/demo/demo.routes';
import { createDemoContent, type DemoContent } from './modules/demo/demo-content';
import { createClassesRepository } from './modules/classes/classes.repository';
import { classesRoutes } from './modules/classes/classes.routes';
import { createClassesService } from './modules/classes/classes.service';
import { createCoursesRepository } from './modules/courses/courses.repository';
import { coursesRoutes } from './modules/courses/courses.routes';
import { createCourseWorkRepository } from './modules/course-work/course-work.repository';
import { courseWorkRoutes } from './modules/course-work/course-work.routes';
import { createCourseWorkService } from './modules/course-work/course-work.service';
import { createCoursesService } from './modules/courses/courses.service';
import { createInvitationsRepository } from './modules/invitations/invitations.repository';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { createInvitationsService } from './modules/invitations/invitations.service';
import { createTeamsRepository } from './modules/teams/teams.repository';
import { teamsRoutes } from './modules/teams/teams.routes';
import { createTeamsService } from './modules/teams/teams.service';
import { createStudentIdsRepository } from './modules/student-ids/student-ids.repository';
import { studentIdsRoutes } from './modules/student-ids/student-ids.routes';
import { createStudentIdsService } from './modules/student-ids/student-ids.service';
import { createTestCreatorRepository } from './modules/test-creator/test-creator.repository';
import { createTestCreatorService } from './modules/test-creator/test-creator.service';
import { testCreatorRoutes } from './modules/test-creator/test-creator.routes';
import { questionGeneratorFromConfig } from './modules/test-creator/test-creator.generator';
import type { JobsOptions } from './platform/jobs';
import { prerenderedPages } from './platform/prerendered-pages';
import { createAnalysisModule, type AnalysisModule } from './modules/analysis/analysis.module';
import { analysisRoutes } from './modules/analysis/analysis.routes';
import { createClassEvaluationsModule } from './modules/class-evaluations/class-evaluations.module';
import { classEvaluationsRoutes } from './modules/class-evaluations/class-evaluations.routes';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createGradesRepository } from './modules/grades/grades.repository';
import { createGradesService } from './modules/grades/grades.service';
import { gradesRoutes } from './modules/grades/grades.routes';
import { ANALYSES_CHANGED_CHANNEL } from './modules/analysis/analysis.repository';
import { createChatRepository } from './modules/chat/chat.repository';
import { companionFromConfig, createChatService } from './modules/chat/chat.service';
import { chatRoutes } from './modules/chat/chat.routes';
import { createHistoryRepository } from './modules/history/history.repository';
import { createHistoryService } from './modules/history/history.service';
import { historyRoutes } from './modules/history/history.routes';
import { historyTestHooks } from './modules/history/history.test-hooks';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createNotificationEvents } from './modules/notifications/notifications.events';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { notificationsTestHooks } from './modules/notifications/notifications.test-hooks';
import { createLearningAssistantRepository } from './modules/learning-assistant/learning-assistant.repository';
import {
  createLearningAssistantService,
  learningModelFromConfig,
} from './modules/learning-assistant/learning-assistant.service';
import { learningAssistantRoutes } from './modules/learning-assistant/learning-assistant.routes';
import { createLessonPlansRepository } from './modules/lesson-plans/lesson-plans.repository';
import {
  createLessonPlansService,
  lessonPlanModelFromConfig,
} from './modules/lesson-plans/lesson-plans.service';
import { lessonPlansRoutes } from './modules/lesson-plans/lesson-plans.routes';
import { createPrivacyModule } from './modules/privacy/privacy.module';
import { ltiRoutes } from './modules/lti/lti.routes';
import { createLtiRoster } from './modules/lti/lti.roster';
import { createLtiDeepLinking } from './modules/lti/lti.deep-linking';
import { createLtiDynamicRegistration } from './modules/lti/lti.registration';
import { createLtiService, resolveToolKey } from './modules/lti/lti.service';
import { createSignedTokens } from './modules/lti/lti.signed';
import { ltiToolRoutes } from './modules/lti/lti.tool.routes';
import { createLtiTokenClient } from './modules/lti/lti.token';
import { createLtiGrades } from './modules/lti/lti.grades';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { createLtiNonceSweep } from './modules/lti/lti.nonces';
import { createPaperRetention } from './modules/retention/retention.job';
import { createBillingRepository } from './modules/billing/billing.repository';
import { createBillingService } from './modules/billing/billing.service';
import { billingRoutes } from './modules/billing/billing.routes';
import { createStripeProvider } from './modules/billing/billing.provider';
import { plansRoutes } from './modules/plans/plans.routes';
import { createPlans } from './modules/plans/plans.service';
import { serverRoot } from './paths';

const webDist = path.resolve(serverRoot, '../web/dist');

type AppContext = {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  services: { profiles: ProfileService; demoContent: DemoContent };
  analysis: AnalysisModule;
  retention: ReturnType<typeof createPaperRetention>;
};

export type BuildOptions = {
  /** replace the edges in tests (the mailer, the clock) */
  mailer?: Mailer;
  now?: () => Date;
  logger?: boolean | object;
  /** the job queue's pace and whether this process works jobs (tests of crash recovery) */
  jobs?: JobsOptions;
  /** the LMS grade delivery's retries (tests of an outage wait seconds, not a quarter of an hour) */
  ltiGrades?: { retryLimit?: number; retryDelaySeconds?: number };
  /** replace the grading engine (tests of failures and retries) */
  analysis?: Pick<
    Parameters<typeof createAnalysisModule>[0],
    'provider' | 'beforeStore' | 'extract' | 'grade'
  >;
  /** the file storage, opened and checked by the caller (server.ts); default: the one S3_* or DATA_DIR names */
  storage?: Storage;
  /** shorter time limits of the database (tests of a database that does not answer) */
  databaseTimeLimits?: Partial<DatabaseTimeLimits>;
};

/** Wiring only (ARCHITECTURE.md §1): used by server.ts and by the tests' buildTestApp(). */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; context: AppContext }> {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
    },
    // X-Forwarded-For/-Host/-Proto only from the proxies TRUST_PROXY names (none by default): the client's
    // address is what the rate limits count, and a client must not be able to choose it
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // registering waits on the database and the job queue's start; with several apps starting on two busy
    // cores (the tests) the default of 10 s was seen to run out on PGlite
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    timeLimits: options.databaseTimeLimits,
  });
  app.addHook('onClose', () => database.close());

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      log: app.log,
    });
  const storage = options.storage ?? createStorage(config);
  // on PostgreSQL every API process forgets what any of them forgets (ADR 0017 §2)
  let sessions: SessionCache<SignedIn> = createSessionCache<SignedIn>();
  if (database.kind === 'postgres') {
    const shared = await shareAcrossProcesses(sessions, {
      listen: database.listen,
      notify: async (channel, payload) => {
        await database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
      },
      log: app.log,
    });
    app.addHook('preClose', () => shared.stop());
    sessions = shared;
  }
  // TRUSTED_ORIGINS, and the Vite dev server during `npm run dev`: browser requests from there are ours too
  const trustedOrigins = [
    ...config.trustedOrigins,
    ...(config.NODE_ENV === 'development' ? ['http://localhost:5173'] : []),
  ];
  // where the links in mails point: one rule for better-auth's and ours (origins.ts)
  const links: LinkBase = {
    publicUrl: config.PUBLIC_URL && config.publicUrl,
    ownHosts: ownHosts(config.PORT),
    fallbackUrl: config.publicUrl,
  };
  const profiles = createProfileService({
    repository: createProfileRepository(database.db),
    storage,
    hashPassword,
    verifyPassword,
    mailer,
    sessions,
    now: options.now,
  });
  const auth = createAuth({
    db: database.db,
    secret: resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR),
    ...links,
    trustedOrigins,
    mailer,
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET }
        : undefined,
    logLevel:
      config.LOG_LEVEL === 'silent'
        ? 'silent'
        : config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace'
          ? 'debug'
          : 'warn',
    schoolProviders: config.SCHOOL_SIGN_IN,
    onUserCreated: (userId, school) => profiles.createForNewUser(userId, school),
    onPasswordReset: (userId) => profiles.cancelEmailChange(userId),
    onTermsAccepted: (userId) => profiles.recordTermsAccepted(userId),
    onUserChanged: (userId) => sessions.forgetUser(userId),
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, config.publicUrl);
  registerOriginCheck(app, { publicUrl: links.publicUrl, trustedOrigins });
  // counters in PostgreSQL when several processes may share it, in memory on PGlite (ADR 0017 §1)
  const rateLimits = rateLimitsFor(database);
  // for the companion, the AI tools and the release notes only; every other limit is in platform/rate-limits.ts
  await app.register(rateLimit, { global: false, ...(rateLimits.store ? { store: rateLimits.store } : {}) });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 3 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Korrigo API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  const whoIs = registerSession(app, auth, sessions);
  const { countUploads } = registerRateLimits(app, { config, whoIs, limiter: rateLimits.limiter });

  await app.register(healthRoutes(database.db));
  registerAuthRoutes(app, auth, links);
  await app.register(
    accountRoutes(createAccountService({ auth, profiles }), {
      googleSignIn: Boolean(config.GOOGLE_CLIENT_ID),
      schoolSignIn: config.SCHOOL_SIGN_IN.map((provider) => ({ id: provider.id, name: provider.name })),
      aiProvider: config.AI_PROVIDER,
      aiModels: config.AI_PROVIDER === 'openai-compatible' ? config.aiModels : [],
      defaultAiModel:
        config.AI_PROVIDER === 'openai-compatible' ? (defaultModelOf(config.aiModels) ?? null) : null,
      paperRetention: config.PAPER_RETENTION,
      checkout: config.stripe !== null,
    }),
  );
  await app.register(profileRoutes(profiles, links));
  // what each user's plan allows (issue 20); stateless, like the credits repository
  const plans = createPlans(database.db);
  // payments (issue 20 point 2, ADR 0019): without STRIPE_* the buttons ask for an offer instead
  const billing = createBillingService({
    repository: createBillingRepository(database.db),
    provider: config.stripe ? createStripeProvider(config.stripe) : null,
    prices: config.stripe?.prices ?? null,
    plans,
    log: app.log,
    now: options.now,
  });
  await app.register(billingRoutes(billing, links));
  await app.register(
    contactRoutes(
      createContactService({
        repository: createContactRepository(database.db),
        mailer,
        inbox: config.CONTACT_INBOX,
        log: app.log,
        now: options.now,
      }),
    ),
  );
  await app.register(
    updatesRoutes(
      createUpdatesService({
        repository: createUpdatesRepository(database.db),
        apiKey: config.RELEASES_API_KEY,
      }),
    ),
  );
  const testCreator = createTestCreatorService({
    repository: createTestCreatorRepository(database.db),
    generator: questionGeneratorFromConfig(config),
    plans,
    now: options.now,
  });
  await app.register(testCreatorRoutes(testCreator));
  const classes = createClassesService({
    repository: createClassesRepository(database.db),
    storage,
    now: options.now,
  });
  await app.register(classesRoutes(classes));
  const courses = createCoursesService({
    repository: createCoursesRepository(database.db),
    storage,
    now: options.now,
  });
  await app.register(coursesRoutes(courses));
  const courseWork = createCourseWorkService({
    repository: createCourseWorkRepository(database.db),
    storage,
    log: app.log,
  });
  await app.register(courseWorkRoutes(courseWork));
  const invitations = createInvitationsService({
    repository: createInvitationsRepository(database.db),
    mailer,
    now: options.now,
  });
  await app.register(invitationsRoutes(invitations, links));
  await app.register(
    teamsRoutes(
      createTeamsService({ repository: createTeamsRepository(database.db), mailer, now: options.now }),
      links,
    ),
  );
  await app.register(
    studentIdsRoutes(
      createStudentIdsService({
        repository: createStudentIdsRepository(database.db),
        storage,
        notifications: createNotificationsRepository(database.db),
        operatorEmails: config.OPERATOR_EMAILS ?? [],
        now: options.now,
      }),
    ),
  );
  // Enterprise, assigned by the operator (ADR 0018)
  await app.register(plansRoutes({ db: database.db, operatorEmails: config.OPERATOR_EMAILS ?? [] }));

  const notifications = createNotificationsService({
    repository: createNotificationsRepository(database.db),
    now: options.now,
  });
  const notificationEvents = createNotificationEvents({ listen: database.listen, log: app.log });
  // open event streams end before the server waits for its connections to close
  app.addHook('preClose', () => notificationEvents.stop());
  await app.register(notificationsRoutes(notifications, notificationEvents));
  if (config.TEST_HOOKS) {
    app.log.warn('TEST_HOOKS is on: test-only routes are served');
    await app.register(notificationsTestHooks(notifications, database.db, options.now ?? (() => new Date())));
  }

  const classEvaluations = createClassEvaluationsModule({
    database,
    storage,
    ...(options.now ? { now: options.now } : {}),
  });
  const privacy = createPrivacyModule({ database, storage, ...(options.now ? { now: options.now } : {}) });
  const retention = createPaperRetention({
    db: database.db,
    storage,
    setting: config.PAPER_RETENTION,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  // one service-token client for NRPS and AGS: its cache serves both
  const toolKey = resolveToolKey(config.LTI_PRIVATE_KEY, config.DATA_DIR);
  const ltiTokens = createLtiTokenClient({ toolKey, now: options.now });
  // grades back to the LMS (issue 35 §2): its job joins the queue, the grade records' writer enqueues it
  // logins whose launch never came leave their nonce: swept every hour
  const ltiNonceSweep = createLtiNonceSweep({
    db: database.db,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  const ltiGrades = createLtiGrades({
    db: database.db,
    tokens: ltiTokens,
    notifications,
    ...(options.now ? { now: options.now } : {}),
    ...options.ltiGrades,
  });
  const analysis = createAnalysisModule({
    config,
    database,
    storage,
    log: app.log,
    moreJobs: [
      classEvaluations.prepareJob as never,
      privacy.exportJob as never,
      privacy.sweepJob as never,
      privacy.reclaimJob as never,
      retention.job as never,
      ltiGrades.job as never,
      ltiNonceSweep.job as never,
    ],
    deliveries: ltiGrades,
    announce: classEvaluations.announce,
    ...options.analysis,
    ...(options.now ? { now: options.now } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
  // open analysis event streams end before the server waits for its connections to close
  app.addHook('preClose', () => analysis.events.stop());
  await app.register(analysisRoutes(analysis.service, analysis.audit));
  const classEvaluationsService = classEvaluations.attach(analysis);
  await app.register(classEvaluationsRoutes(classEvaluationsService, countUploads));
  ltiGrades.attach(analysis.jobs);
  const ltiRoster = createLtiRoster({
    db: database.db,
    classes,
    courses,
    invitations,
    tokens: ltiTokens,
  });
  // the deep linking selection and the registration URL are Korrigo's own signed tokens (no table)
  const ltiSigned = createSignedTokens(resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR), options.now);
  const ltiDeepLinking = createLtiDeepLinking({
    db: database.db,
    toolKey,
    signed: ltiSigned,
    publicUrl: () => config.publicUrl,
    now: options.now,
  });
  const ltiService = createLtiService({
    db: database.db,
    auth,
    publicUrl: () => config.publicUrl,
    roster: ltiRoster,
    deepLinking: ltiDeepLinking,
    now: options.now,
  });
  const ltiRegistration = createLtiDynamicRegistration({
    signed: ltiSigned,
    service: ltiService,
    publicUrl: () => config.publicUrl,
    now: options.now,
  });
  await app.register(
    ltiRoutes(ltiService, ltiRoster, ltiGrades, {
      toolKey,
      secureCookies: config.publicUrl.startsWith('https:'),
      deepLinking: ltiDeepLinking,
      registration: ltiRegistration,
      publicUrl: config.publicUrl,
    }),
  );
  await app.register(
    ltiToolRoutes({
      db: database.db,
      publicUrl: config.publicUrl,
      publicUrlSet: Boolean(config.PUBLIC_URL),
      registration: ltiRegistration,
    }),
  );
  await app.register(
    gradesRoutes(
      createGradesService({
        repository: createGradesRepository(database.db),
        records: analysis.grades,
        now: options.now,
      }),
    ),
  );
  const demoRepository = createDemoRepository(database.db);
  // the demo's content goes through the services the API uses (demo-content.ts)
  const lessonPlans = createLessonPlansService({
    repository: createLessonPlansRepository(database.db),
    model: lessonPlanModelFromConfig(config),
    log: app.log,
    now: options.now,
  });
  const demoContent = createDemoContent({
    classes,
    courses,
    courseWork,
    testCreator,
    invitations,
    analysis: analysis.service,
    classEvaluations: classEvaluationsService,
    lessonPlans,
    repository: demoRepository,
  });
  await app.register(
    demoRoutes(
      createDemoService({
        auth,
        profiles,
        repository: demoRepository,
        sessions,
        content: demoContent,
        now: options.now,
      }),
    ),
  );
  await app.register(
    chatRoutes(
      createChatService({
        repository: createChatRepository(database.db),
        companion: companionFromConfig(config),
        plans,
        now: options.now,
      }),
    ),
  );
  await app.register(
    learningAssistantRoutes(
      createLearningAssistantService({
        repository: createLearningAssistantRepository(database.db),
        model: learningModelFromConfig(config),
        plans,
        log: app.log,
        now: options.now,
      }),
    ),
  );
  await app.register(lessonPlansRoutes(lessonPlans));
  await app.register(
    privacyRoutes(
      privacy.attach({
        jobs: analysis.jobs,
        verifyPassword,
        sessions,
        log: app.log,
        // the provider would go on charging an erased account
        beforeErase: billing.endBeforeErasure,
      }),
    ),
  );
  await app.register(
    analyticsRoutes(
      createAnalyticsService({ repository: createAnalyticsRepository(database.db), now: options.now }),
    ),
  );
  // what the history and the dashboard read of a user's analyses, kept until those change (ADR 0006)
  const analysisReads = createUserReadCache({
    listen: database.listen,
    sync: database.syncNotifications,
    channel: ANALYSES_CHANGED_CHANNEL,
    log: app.log,
  });
  app.addHook('preClose', () => analysisReads.stop());
  await app.register(
    historyRoutes(
      createHistoryService({
        repository: createHistoryRepository(database.db),
        reads: analysisReads,
        storage,
        log: app.log,
        grades: analysis.grades,
        now: options.now,
      }),
    ),
  );
  await app.register(
    dashboardRoutes(
      createDashboardService({
        repository: createDashboardRepository(database.db),
        reads: analysisReads,
        now: options.now,
      }),
    ),
  );
  if (config.TEST_HOOKS) {
    await app.register(historyTestHooks(database.db, options.now ?? (() => new Date())));
  }
  await analysis.jobs.start();
  // before the database closes (onClose): running jobs finish, no new ones are taken
  app.addHook('preClose', () => analysis.jobs.stop());

  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    // wildcard: false registers one route per built file; everything else is the SPA's (below).
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Vite puts a content hash into every name under assets/: those never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const prerendered = prerenderedPages(webDist);
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      // Unknown /api paths stay JSON 404s; every other path is a screen of the SPA, the static public pages
      // with their HTML pre-rendered at build time (ADR 0005).
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return reply.sendFile(prerendered(request.url) ?? 'index.html');
    });
  }

  return {
    app,
    context: {
      config,
      database,
      auth,
      mailer,
      storage,
      services: { profiles, demoContent },
      analysis,
      retention,
    },
  };
}
