import crypto from 'node:crypto';
import { and, desc, eq, max } from 'drizzle-orm';
import { SignJWT } from 'jose';
import {
  ltiDeepLinkingMessages,
  ltiResourceId,
  messages,
  type LtiDeepLinkingItem,
  type LtiDeepLinkingSelection,
  type LtiTargetKind,
} from '@korrigo/domain';
import { analyses, classEvaluationPapers, classEvaluations, ltiRegistrations, tests } from '../../db/schema';
import type { Database } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { SignedTokens } from './lti.signed';
import type { ToolKey } from './lti.service';

/** Deep Linking 2.0 claims (LTI-DL §4.4, §4.5) */
export const deepLinkingClaim = {
  settings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  data: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
} as const;

/** the selection page may stay open a while; the platform's own `data` usually lives as long */
const selectionLifetimeSeconds = 60 * 60;
const responseLifetimeSeconds = 5 * 60;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the launch keeps of the request, bound to her: signed into the selection page's address. */
export type DeepLinkingLaunch = {
  userId: string;
  registrationId: string;
  deploymentId: string;
  returnUrl: string;
  data: string | undefined;
};

/**
 * The tool side of Deep Linking 2.0 (ADR 0031, "Deep linking"): the launch's `deep_linking_settings` become a
 * signed token for /lti/auswahl (no table: the token holds the return URL, the platform's `data`, her id and
 * the registration), the page lists her own saved tests and class sets, and her choice becomes the
 * `LtiDeepLinkingResponse` signed with the tool key. A placed link's `custom.korrigo_target` later lands her on
 * the object — her own only.
 */
export function createLtiDeepLinking(deps: {
  db: Database;
  toolKey: ToolKey;
  signed: SignedTokens;
  publicUrl: () => string;
  now?: () => Date;
}) {
  const { db, signed } = deps;
  const now = deps.now ?? (() => new Date());

  async function launchOf(userId: string, token: string): Promise<DeepLinkingLaunch> {
    const claims = await signed.verify('deep-linking', token);
    // another teacher's selection (a forwarded address) is as good as none: she starts again from her LMS
    if (!claims || claims.sub !== userId) throw new AppError('not_found', messages.lti.deepLinkingExpired);
    return {
      userId,
      registrationId: String(claims.reg),
      deploymentId: String(claims.dep),
      returnUrl: String(claims.ret),
      data: typeof claims.data === 'string' ? claims.data : undefined,
    };
  }

  const sumOfPoints = (questions: Array<{ points: number }> | undefined) => {
    const sum = (questions ?? []).reduce((total, question) => total + question.points, 0);
    return sum > 0 ? sum : null;
  };

  async function testsOf(userId: string, id?: string): Promise<LtiDeepLinkingItem[]> {
    const rows = await db
      .select({
        id: tests.id,
        title: tests.title,
        subject: tests.subject,
        grade: tests.grade,
        questions: tests.questions,
      })
      .from(tests)
      .where(id ? and(eq(tests.userId, userId), eq(tests.id, id)) : eq(tests.userId, userId))
      .orderBy(desc(tests.lastSaved));
    return rows.map((row) => ({
      kind: 'test',
      id: row.id,
      title: row.title.trim() || ltiDeepLinkingMessages.untitled,
      detail: [row.subject, row.grade].filter(Boolean).join(', '),
      scoreMaximum: sumOfPoints(row.questions),
    }));
  }

  /** A class set's maximum: its key's points when it was made from a saved test, else a graded paper's total. */
  async function classSetsOf(userId: string, id?: string): Promise<LtiDeepLinkingItem[]> {
    if (id !== undefined && !uuidPattern.test(id)) return [];
    const rows = await db
      .select({
        id: classEvaluations.id,
        testName: classEvaluations.testName,
        courseName: classEvaluations.courseName,
        answerKey: classEvaluations.answerKey,
        gradedMaximum: max(analyses.totalPoints),
      })
      .from(classEvaluations)
      .leftJoin(classEvaluationPapers, eq(classEvaluationPapers.evaluationId, classEvaluations.id))
      .leftJoin(analyses, eq(analyses.id, classEvaluationPapers.analysisId))
      .where(
        id
          ? and(eq(classEvaluations.userId, userId), eq(classEvaluations.id, id))
          : eq(classEvaluations.userId, userId),
      )
      .groupBy(classEvaluations.id)
      .orderBy(desc(classEvaluations.createdAt));
    return rows.map((row) => ({
      kind: 'classset',
      id: row.id,
      title: row.testName.trim() || row.courseName || ltiDeepLinkingMessages.untitled,
      detail: row.courseName,
      scoreMaximum: sumOfPoints(row.answerKey?.questions) ?? row.gradedMaximum ?? null,
    }));
  }

  return {
    /**
     * At a verified LtiDeepLinkingRequest launch: the settings claim checked (a return URL, and links are among
     * the accepted types) and signed into the selection token. Throws the German refusal otherwise.
     */
    async selectionToken(input: {
      userId: string;
      registrationId: string;
      deploymentId: string;
      settings: unknown;
    }) {
      const settings = (
        typeof input.settings === 'object' && input.settings !== null ? input.settings : {}
      ) as Record<string, unknown>;
      const returnUrl = settings.deep_link_return_url;
      if (typeof returnUrl !== 'string' || !/^https?:\/\//.test(returnUrl))
        throw new AppError('bad_request', messages.lti.badToken);
      const accepted = Array.isArray(settings.accept_types) ? settings.accept_types : [];
      if (!accepted.includes('ltiResourceLink'))
        throw new AppError('bad_request', messages.lti.deepLinkingUnsupported);
      return signed.sign(
        'deep-linking',
        {
          sub: input.userId,
          reg: input.registrationId,
          dep: input.deploymentId,
          ret: returnUrl,
          ...(typeof settings.data === 'string' ? { data: settings.data } : {}),
        },
        selectionLifetimeSeconds,
      );
    },

    /** GET /api/lti/deep-linking: her saved tests and class sets, for the selection that is hers. */
    async selection(userId: string, token: string): Promise<LtiDeepLinkingSelection> {
      const launch = await launchOf(userId, token);
      const [registration] = await db
        .select({ name: ltiRegistrations.name })
        .from(ltiRegistrations)
        .where(eq(ltiRegistrations.id, launch.registrationId));
      if (!registration) throw new AppError('not_found', messages.lti.deepLinkingExpired);
      return {
        platformName: registration.name,
        tests: await testsOf(userId),
        classSets: await classSetsOf(userId),
      };
    },

    /**
     * POST /api/lti/deep-linking: the LtiDeepLinkingResponse (LTI-DL §4.5) for her choice, signed with the tool
     * key: `iss` our client id, `aud` the platform, the request's deployment and `data`, one ltiResourceLink
     * with its line item (the maximum points, the resourceId the grade delivery looks for).
     */
    async respond(userId: string, input: { token: string; kind: LtiTargetKind; id: string }) {
      const launch = await launchOf(userId, input.token);
      const [item] =
        input.kind === 'test' ? await testsOf(userId, input.id) : await classSetsOf(userId, input.id);
      // another teacher's test or class set, or none: not found, as everywhere
      if (!item) throw notFound();
      if (item.scoreMaximum === null) throw new AppError('conflict', messages.lti.deepLinkingNoMaximum);
      const [registration] = await db
        .select()
        .from(ltiRegistrations)
        .where(eq(ltiRegistrations.id, launch.registrationId));
      if (!registration) throw new AppError('not_found', messages.lti.deepLinkingExpired);
      const issuedAt = Math.floor(now().getTime() / 1000);
      const jwt = await new SignJWT({
        nonce: crypto.randomBytes(16).toString('base64url'),
        'https://purl.imsglobal.org/spec/lti/claim/deployment_id': launch.deploymentId,
        'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
        'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
        ...(launch.data !== undefined ? { [deepLinkingClaim.data]: launch.data } : {}),
        [deepLinkingClaim.contentItems]: [
          {
            type: 'ltiResourceLink',
            title: item.title,
            ...(item.detail ? { text: item.detail } : {}),
            url: `${deps.publicUrl()}/lti/launch`,
            lineItem: {
              scoreMaximum: item.scoreMaximum,
              label: item.title,
              resourceId: ltiResourceId(item.kind, item.id),
              tag: 'korrigo',
            },
            custom: { korrigo_target: `${item.kind}:${item.id}` },
          },
        ],
      })
        .setProtectedHeader({ alg: 'RS256', kid: deps.toolKey.kid, typ: 'JWT' })
        .setIssuer(registration.clientId)
        .setAudience(registration.issuer)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + responseLifetimeSeconds)
        .sign(deps.toolKey.privateKey);
      return { returnUrl: launch.returnUrl, jwt };
    },

    /**
     * Where a teacher's launch of a placed link lands: her own test or class set of `custom.korrigo_target`,
     * else null (the usual landing). Another teacher's object is never opened, not even by its id.
     */
    async landingOf(userId: string, custom: unknown): Promise<string | null> {
      const target = (typeof custom === 'object' && custom !== null ? custom : {}) as Record<string, unknown>;
      const match = /^(test|classset):(.{1,64})$/.exec(String(target.korrigo_target ?? ''));
      if (!match) return null;
      const [kind, id] = [match[1] as LtiTargetKind, match[2]!];
      const [item] = kind === 'test' ? await testsOf(userId, id) : await classSetsOf(userId, id);
      if (!item) return null;
      return kind === 'test'
        ? `/dashboard/testgen?testId=${encodeURIComponent(id)}`
        : `/dashboard/class-evaluations/${id}`;
    },
  };
}
export type LtiDeepLinking = ReturnType<typeof createLtiDeepLinking>;
