import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { gradeRecordTypes, messages, type LtiDeliveries, type LtiDeliveriesQuery } from '@korrigo/domain';
import {
  analyses,
  classEvaluationPapers,
  classEvaluations,
  ltiContexts,
  ltiGradeDeliveries,
  ltiRegistrations,
  ltiUserLinks,
} from '../../db/schema';
import type { Database, Executor } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { transactionExecutor, type JobDefinition, type JobRun, type Jobs } from '../../platform/jobs';
import type { GradeRecordRow } from '../grades/grades.repository';
import type { NotificationsService } from '../notifications/notifications.service';
import type { LtiTokenClient } from './lti.token';

export const agsScopes = {
  lineitem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
};
const mediaTypes = {
  container: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  score: 'application/vnd.ims.lis.v1.score+json',
};
const requestTimeoutMs = 15_000;

/** One job per line item: it sends every pending score of (context, resourceId). */
export const ltiGradeDeliveryPayloadSchema = z.object({ contextId: z.uuid(), resourceId: z.string().min(1) });
export type LtiGradeDeliveryPayload = z.infer<typeof ltiGradeDeliveryPayloadSchema>;

type Delivery = typeof ltiGradeDeliveries.$inferSelect;

/** A failure of one call to the LMS, with what the teacher reads. */
class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** `…/lineitems/5/lineitem?type_id=1` → `…/lineitems/5/lineitem/scores?type_id=1` (Moodle's URLs carry a query). */
export function scoresUrlOf(lineItemUrl: string) {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

/**
 * Grades back (issue 35 §2, ADR 0031 "AGS"): a released result of a pupil with an LMS account, in a course
 * linked to an LMS course that offers AGS, is sent to the LMS gradebook as a score. `enqueue` is called by the
 * grade records' writer inside its transaction; the job finds or creates the line item and posts the scores;
 * the rows keep what was sent and why it failed. Two steps like the class sets' module: `job` goes to the job
 * queue's definitions, `attach(jobs)` lets `enqueue` send.
 */
export function createLtiGrades(deps: {
  db: Database;
  tokens: LtiTokenClient;
  notifications: Pick<NotificationsService, 'create'>;
  now?: () => Date;
  /** the job's retries: five with a doubling delay from 30 s (about a quarter of an hour); tests shorten it */
  retryLimit?: number;
  retryDelaySeconds?: number;
}) {
  const { db, tokens } = deps;
  const now = deps.now ?? (() => new Date());
  let jobs: Jobs | undefined;
  /** jobs of one line item run one after the other in this process: two would both create the line item */
  const running = new Map<string, Promise<void>>();
  /** the line items a transaction has enqueued a job for: a class set's release needs one job, not one per pupil */
  const enqueuedIn = new WeakMap<object, Set<string>>();

  async function call(url: string, init: RequestInit & { headers: Record<string, string> }) {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
    } catch {
      throw new DeliveryFailed(messages.lti.platformUnreachable);
    }
    if (!response.ok) throw new DeliveryFailed(messages.lti.gradesRejected(response.status), response.status);
    return response;
  }

  /** The line items of the context with this resourceId (AGS §3.2: the `resource_id` filter). */
  async function findLineItem(accessToken: string, container: string, resourceId: string) {
    const url = new URL(container);
    url.searchParams.set('resource_id', resourceId);
    const response = await call(url.toString(), {
      headers: { authorization: `Bearer ${accessToken}`, accept: mediaTypes.container },
    });
    const items = (await response.json().catch(() => null)) as unknown;
    if (!Array.isArray(items)) throw new DeliveryFailed(messages.lti.platformFailed);
    // a platform that ignores the filter still answers the right one
    const found = (items as Array<{ id?: unknown; resourceId?: unknown }>).find(
      (item) => item?.resourceId === resourceId && typeof item.id === 'string',
    );
    return (found?.id as string | undefined) ?? null;
  }

  async function createLineItem(accessToken: string, container: string, row: Delivery) {
    const response = await call(container, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': mediaTypes.lineItem,
        accept: mediaTypes.lineItem,
      },
      body: JSON.stringify({
        label: row.label,
        scoreMaximum: row.scoreMaximum,
        resourceId: row.resourceId,
        tag: 'korrigo',
      }),
    });
    const created = (await response.json().catch(() => null)) as { id?: unknown } | null;
    if (typeof created?.id !== 'string') throw new DeliveryFailed(messages.lti.platformFailed);
    return created.id;
  }

  /** The class set's line item, else its test's (the deep link's), else a new one of the set (or analysis). */
  async function lineItemOf(accessToken: string, container: string, row: Delivery) {
    return (
      (await findLineItem(accessToken, container, row.resourceId)) ??
      (row.testId ? await findLineItem(accessToken, container, `korrigo:test:${row.testId}`) : null) ??
      (await createLineItem(accessToken, container, row))
    );
  }

  async function postScore(accessToken: string, lineItem: string, row: Delivery) {
    await call(scoresUrlOf(lineItem), {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': mediaTypes.score },
      body: JSON.stringify({
        userId: row.subject,
        scoreGiven: row.scoreGiven,
        scoreMaximum: row.scoreMaximum,
        ...(row.comment ? { comment: row.comment } : {}),
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        // the time of the figures: a later change is newer, and the LMS ignores an older one arriving late
        timestamp: row.updatedAt.toISOString(),
      }),
    });
  }

  /** Tells the teacher once per failed delivery of a class set or analysis, not once per pupil. */
  async function tellTeachers(rows: Delivery[], reason: string, key: string) {
    const byTeacher = new Map<string, Delivery[]>();
    for (const row of rows) {
      if (!row.releasedBy) continue;
      byTeacher.set(row.releasedBy, [...(byTeacher.get(row.releasedBy) ?? []), row]);
    }
    for (const [teacherId, failed] of byTeacher) {
      await deps.notifications.create(
        db,
        teacherId,
        {
          type: 'error',
          priority: 'high',
          title: messages.lti.deliveriesFailedTitle,
          message: messages.lti.deliveriesFailedMessage(failed[0]!.label, failed.length, reason),
          metadata: {
            title: failed[0]!.label,
            category: 'system',
            relativeLink: failed[0]!.classEvaluationId
              ? `/dashboard/class-evaluations/${failed[0]!.classEvaluationId}`
              : `/dashboard/analyse?analysis=${failed[0]!.analysisId}`,
          },
        },
        { dedupeKey: `lti-grades-failed:${key}:${teacherId}`, createdAt: now() },
      );
    }
  }

  async function deliver(payload: LtiGradeDeliveryPayload, run: Pick<JobRun, 'jobId' | 'isLastAttempt'>) {
    const [found] = await db
      .select({ context: ltiContexts, registration: ltiRegistrations })
      .from(ltiContexts)
      .innerJoin(ltiRegistrations, eq(ltiRegistrations.id, ltiContexts.registrationId))
      .where(eq(ltiContexts.id, payload.contextId));
    const rows = await db
      .select()
      .from(ltiGradeDeliveries)
      .where(
        and(
          eq(ltiGradeDeliveries.contextId, payload.contextId),
          eq(ltiGradeDeliveries.resourceId, payload.resourceId),
          eq(ltiGradeDeliveries.status, 'pending'),
        ),
      )
      .orderBy(asc(ltiGradeDeliveries.createdAt));
    if (!found || rows.length === 0) return;
    const failures: Array<{ row: Delivery; message: string }> = [];
    /** rows whose score went through or whose failure is recorded above */
    const settled = new Set<string>();
    const container = found.context.agsLineitems;
    try {
      if (!container) throw new DeliveryFailed(messages.lti.platformFailed);
      const accessToken = await tokens.accessToken(found.registration, [agsScopes.lineitem, agsScopes.score]);
      let lineItem = rows.find((row) => row.lineItemUrl)?.lineItemUrl ?? null;
      if (!lineItem) {
        lineItem = await lineItemOf(accessToken, container, rows[0]!);
        await db
          .update(ltiGradeDeliveries)
          .set({ lineItemUrl: lineItem })
          .where(
            and(
              eq(ltiGradeDeliveries.contextId, payload.contextId),
              eq(ltiGradeDeliveries.resourceId, payload.resourceId),
            ),
          );
      }
      for (const row of rows) {
        try {
          settled.add(row.id);
          await postScore(accessToken, lineItem, row);
          // a change saved meanwhile stays pending for its own job
          await db
            .update(ltiGradeDeliveries)
            .set({ status: 'sent', sentAt: now(), lastError: null, lineItemUrl: lineItem })
            .where(and(eq(ltiGradeDeliveries.id, row.id), eq(ltiGradeDeliveries.updatedAt, row.updatedAt)));
        } catch (error) {
          if (!(error instanceof DeliveryFailed)) throw error;
          // recorded with the other failures below
          // the line item was deleted in the LMS: the next try looks for it (or makes it) again
          if (error.status === 404)
            await db
              .update(ltiGradeDeliveries)
              .set({ lineItemUrl: null })
              .where(
                and(
                  eq(ltiGradeDeliveries.contextId, payload.contextId),
                  eq(ltiGradeDeliveries.resourceId, payload.resourceId),
                ),
              );
          failures.push({ row, message: error.message });
        }
      }
    } catch (error) {
      // anything but the platform's answer (the database) is pg-boss's to retry, and `onDead`'s at the end
      if (!(error instanceof DeliveryFailed || error instanceof AppError)) throw error;
      const unsettled = rows.filter((row) => !settled.has(row.id));
      failures.push(...unsettled.map((row) => ({ row, message: error.message })));
    }
    if (failures.length === 0) return;
    for (const { row, message } of failures) {
      await db
        .update(ltiGradeDeliveries)
        .set({
          attempts: sql`${ltiGradeDeliveries.attempts} + 1`,
          lastError: message,
          ...(run.isLastAttempt ? { status: 'failed' as const } : {}),
        })
        .where(and(eq(ltiGradeDeliveries.id, row.id), eq(ltiGradeDeliveries.updatedAt, row.updatedAt)));
    }
    if (run.isLastAttempt) {
      await tellTeachers(
        failures.map((failure) => failure.row),
        failures[0]!.message,
        run.jobId,
      );
      return;
    }
    // pg-boss tries again after its delay
    throw new Error(
      `LTI grades: ${failures.length} of ${rows.length} not delivered: ${failures[0]!.message}`,
    );
  }

  const job: JobDefinition<LtiGradeDeliveryPayload> = {
    name: 'lti-grade-delivery',
    version: 1,
    schema: ltiGradeDeliveryPayloadSchema,
    retryLimit: deps.retryLimit ?? 5,
    retryDelaySeconds: deps.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    async handle(payload, run) {
      const key = `${payload.contextId}\n${payload.resourceId}`;
      const before = running.get(key) ?? Promise.resolve();
      const mine = before.catch(() => undefined).then(() => deliver(payload, run));
      running.set(key, mine);
      try {
        await mine;
      } finally {
        if (running.get(key) === mine) running.delete(key);
      }
    },
    // the process died on every try: what is still pending is failed, so the teacher sees it
    async onDead(payload) {
      const rows = await db
        .update(ltiGradeDeliveries)
        .set({ status: 'failed', lastError: messages.lti.platformFailed })
        .where(
          and(
            eq(ltiGradeDeliveries.contextId, payload.contextId),
            eq(ltiGradeDeliveries.resourceId, payload.resourceId),
            eq(ltiGradeDeliveries.status, 'pending'),
          ),
        )
        .returning();
      if (rows.length > 0)
        await tellTeachers(rows, messages.lti.platformFailed, `dead:${rows[0]!.id}:${now().getTime()}`);
    },
  };

  function bound() {
    if (!jobs) throw new Error('lti grades: attach(jobs) was not called');
    return jobs;
  }

  /** The deliveries of a class set or analysis she may see: hers as its owner or as the one who released. */
  async function visibleRows(userId: string, query: LtiDeliveriesQuery) {
    const owned = query.classEvaluationId
      ? await db
          .select({ id: classEvaluations.id })
          .from(classEvaluations)
          .where(and(eq(classEvaluations.id, query.classEvaluationId), eq(classEvaluations.userId, userId)))
      : await db
          .select({ id: analyses.id })
          .from(analyses)
          .where(and(eq(analyses.id, query.analysisId!), eq(analyses.userId, userId)));
    const rows = await db
      .select()
      .from(ltiGradeDeliveries)
      .where(
        query.classEvaluationId
          ? eq(ltiGradeDeliveries.classEvaluationId, query.classEvaluationId)
          : eq(ltiGradeDeliveries.analysisId, query.analysisId!),
      );
    if (owned.length > 0) return rows;
    const released = rows.filter((row) => row.releasedBy === userId);
    if (released.length === 0) throw notFound();
    return released;
  }

  function summaryOf(rows: Delivery[]): LtiDeliveries {
    const counts = {
      total: rows.length,
      sent: rows.filter((row) => row.status === 'sent').length,
      pending: rows.filter((row) => row.status === 'pending').length,
      failed: rows.filter((row) => row.status === 'failed').length,
    };
    const lastFailed = rows
      .filter((row) => row.status === 'failed' && row.lastError)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
    return {
      ...counts,
      lastError: lastFailed?.lastError ?? null,
      summary: messages.lti.deliveriesSummary(counts),
    };
  }

  return {
    job,
    attach(queue: Jobs) {
      jobs = queue;
    },

    /**
     * A record given to (or updated for) its pupil, inside the caller's transaction: when her course is linked
     * to an LMS course with AGS and she has an LMS account there, her delivery row takes the figures and is
     * pending, and the job is enqueued with the same commit.
     */
    async enqueue(tx: Executor, record: GradeRecordRow) {
      if (record.type === gradeRecordTypes.selfCheck || !record.courseId) return;
      // AGS sends points; a result without them has nothing to give the gradebook
      if (record.achievedPoints === null || record.totalPoints === null || record.totalPoints <= 0) return;
      const [context] = await tx
        .select()
        .from(ltiContexts)
        .where(and(eq(ltiContexts.courseId, record.courseId), isNotNull(ltiContexts.agsLineitems)))
        .orderBy(asc(ltiContexts.createdAt))
        .limit(1);
      if (!context?.agsScopes.includes(agsScopes.score)) return;
      const [link] = await tx
        .select({ subject: ltiUserLinks.subject })
        .from(ltiUserLinks)
        .where(
          and(
            eq(ltiUserLinks.registrationId, context.registrationId),
            eq(ltiUserLinks.userId, record.userId),
          ),
        )
        .limit(1);
      if (!link) return;
      const [paper] = await tx
        .select({ classEvaluationId: classEvaluations.id, testId: classEvaluations.answerKeyTestId })
        .from(classEvaluationPapers)
        .innerJoin(classEvaluations, eq(classEvaluations.id, classEvaluationPapers.evaluationId))
        .where(eq(classEvaluationPapers.analysisId, record.analysisId))
        .limit(1);
      const at = now();
      const figures = {
        contextId: context.id,
        subject: link.subject,
        ...(record.releasedBy ? { releasedBy: record.releasedBy } : {}),
        classEvaluationId: paper?.classEvaluationId ?? null,
        resourceId: paper
          ? `korrigo:classset:${paper.classEvaluationId}`
          : `korrigo:analysis:${record.analysisId}`,
        testId: paper?.testId ?? null,
        label: record.title,
        scoreGiven: Math.min(record.achievedPoints, record.totalPoints),
        scoreMaximum: record.totalPoints,
        comment: record.grade ? messages.lti.gradeComment(record.grade) : null,
        status: 'pending' as const,
        attempts: 0,
        lastError: null,
        updatedAt: at,
      };
      await tx
        .insert(ltiGradeDeliveries)
        .values({ analysisId: record.analysisId, userId: record.userId, createdAt: at, ...figures })
        .onConflictDoUpdate({
          target: [ltiGradeDeliveries.analysisId, ltiGradeDeliveries.userId],
          set: figures,
        });
      // the job reads every pending row of its line item when it runs, after this commit
      const key = `${context.id}\n${figures.resourceId}`;
      const enqueued = enqueuedIn.get(tx) ?? new Set<string>();
      enqueuedIn.set(tx, enqueued);
      if (enqueued.has(key)) return;
      await bound().send(
        job,
        { contextId: context.id, resourceId: figures.resourceId },
        transactionExecutor(tx),
      );
      enqueued.add(key);
    },

    /** GET /api/lti/deliveries: the state of a class set's or analysis's deliveries. */
    async list(userId: string, query: LtiDeliveriesQuery) {
      return summaryOf(await visibleRows(userId, query));
    },

    /** „Erneut senden“: the failed rows are pending again and their jobs are enqueued. */
    async retry(userId: string, query: LtiDeliveriesQuery) {
      const rows = await visibleRows(userId, query);
      const failed = rows.filter((row) => row.status === 'failed');
      if (failed.length === 0) return summaryOf(rows);
      const queue = bound();
      await db.transaction(async (tx) => {
        await tx
          .update(ltiGradeDeliveries)
          .set({ status: 'pending', attempts: 0, updatedAt: now() })
          .where(
            and(
              inArray(
                ltiGradeDeliveries.id,
                failed.map((row) => row.id),
              ),
              eq(ltiGradeDeliveries.status, 'failed'),
            ),
          );
        const groups = new Map(failed.map((row) => [`${row.contextId}\n${row.resourceId}`, row]));
        for (const row of groups.values())
          await queue.send(
            job,
            { contextId: row.contextId, resourceId: row.resourceId },
            transactionExecutor(tx),
          );
      });
      queue.nudge(job.name);
      const again = await db
        .select()
        .from(ltiGradeDeliveries)
        .where(
          inArray(
            ltiGradeDeliveries.id,
            rows.map((row) => row.id),
          ),
        );
      return summaryOf(again);
    },
  };
}
export type LtiGrades = ReturnType<typeof createLtiGrades>;
