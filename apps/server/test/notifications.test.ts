import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  notificationListLimit,
  type CreateNotification,
  type NotificationListResponse,
  type UserNotification,
} from '@korrigo/domain';
import { notifications } from '../src/db/schema';
import { LISTEN_APPLICATION_NAME, openDatabase } from '../src/platform/db';
import { createNotificationsRepository } from '../src/modules/notifications/notifications.repository';
import { createNotificationsService } from '../src/modules/notifications/notifications.service';
import { buildTestApp, everyDatabaseKind, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { createUser } from './support/factories';
import { openStream as openEventStream } from './support/sse';

const openStream = (baseUrl: string, cookie: string) =>
  openEventStream(baseUrl, '/api/notifications/events', cookie);

type User = Awaited<ReturnType<typeof createUser>>;
describe.each(everyDatabaseKind)('[NOTIFICATIONS] notifications API on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let service: ReturnType<typeof createNotificationsService>;

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    service = createNotificationsService({
      repository: createNotificationsRepository(t.context.database.db),
    });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const headers = (user: User) => ({ cookie: user.cookie, origin: TEST_ORIGIN });
  const seed = (user: User, input: Partial<CreateNotification> = {}, createdAt?: Date) =>
    service.create(
      t.context.database.db,
      user.id,
      { type: 'info', title: 'Hinweis', message: 'Text', ...input },
      createdAt ? { createdAt } : {},
    ) as Promise<UserNotification>;
  const list = async (user: User, query = '') => {
    const response = await t.app.inject({ url: `/api/notifications${query}`, headers: headers(user) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as NotificationListResponse;
  };

  it('answers 401 to every call without a session', async () => {
    const id = randomUUID();
    const calls = [
      { method: 'GET' as const, url: '/api/notifications' },
      { method: 'GET' as const, url: '/api/notifications/events' },
      { method: 'POST' as const, url: `/api/notifications/${id}/read` },
      { method: 'DELETE' as const, url: `/api/notifications/${id}` },
      { method: 'DELETE' as const, url: '/api/notifications/clear-all' },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: { origin: TEST_ORIGIN } });
      expect(response.statusCode, call.url).toBe(401);
    }
  });

  it('lists the own notifications newest first with the spec fields and the unread count', async () => {
    const user = await createUser(t);
    expect(await list(user)).toEqual({ notifications: [], unreadCount: 0 });
    const now = Date.now();
    await seed(user, { title: 'Älter' }, new Date(now - 60_000));
    await seed(
      user,
      {
        type: 'analysis_complete',
        priority: 'high',
        title: 'Neuer',
        metadata: { analysisId: 'a1', testTitle: 'Diktat', relativeLink: '/analysis/a1' },
      },
      new Date(now),
    );
    const other = await createUser(t);
    await seed(other, { title: 'Fremd' });

    const body = await list(user);
    expect(body.unreadCount).toBe(2);
    expect(body.notifications.map((n) => n.title)).toEqual(['Neuer', 'Älter']);
    expect(body.notifications[0]).toEqual({
      id: expect.any(String),
      type: 'analysis_complete',
      priority: 'high',
      title: 'Neuer',
      message: 'Text',
      isRead: false,
      createdAt: new Date(now).toISOString(),
      metadata: { analysisId: 'a1', testTitle: 'Diktat', relativeLink: '/analysis/a1' },
    });
  });

  it('filters by type (analysis_complete counts as success) and by priority, together too', async () => {
    const user = await createUser(t);
    const base = Date.now();
    const rows: Array<Partial<CreateNotification>> = [
      { type: 'info', priority: 'low', title: 'info-low' },
      { type: 'success', priority: 'normal', title: 'success-normal' },
      { type: 'analysis_complete', priority: 'high', title: 'analysis-high' },
      { type: 'warning', priority: 'high', title: 'warning-high' },
      { type: 'error', priority: 'normal', title: 'error-normal' },
    ];
    for (const [index, row] of rows.entries()) await seed(user, row, new Date(base - index * 1000));
    const titles = async (query: string) => (await list(user, query)).notifications.map((n) => n.title);

    expect(await titles('')).toHaveLength(5);
    expect(await titles('?type=all&priority=all')).toHaveLength(5);
    expect(await titles('?type=info')).toEqual(['info-low']);
    expect(await titles('?type=success')).toEqual(['success-normal', 'analysis-high']);
    expect(await titles('?type=warning')).toEqual(['warning-high']);
    expect(await titles('?type=error')).toEqual(['error-normal']);
    expect(await titles('?priority=high')).toEqual(['analysis-high', 'warning-high']);
    expect(await titles('?priority=low')).toEqual(['info-low']);
    expect(await titles('?type=success&priority=high')).toEqual(['analysis-high']);
    expect(await titles('?type=info&priority=high')).toEqual([]);
    // the unread count is about all of them, whatever the filter
    expect((await list(user, '?type=error')).unreadCount).toBe(5);

    const bad = await t.app.inject({ url: '/api/notifications?type=spam', headers: headers(user) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(messages.http.validation);
  });

  it(`shows the newest ${notificationListLimit} and counts every unread one`, async () => {
    const user = await createUser(t);
    const base = Date.now();
    await t.context.database.db.transaction(async (tx) => {
      for (let index = 0; index < notificationListLimit + 20; index++) {
        await service.create(
          tx,
          user.id,
          { type: 'info', title: `Nr. ${index}`, message: 'x' },
          { createdAt: new Date(base - index * 1000) },
        );
      }
    });
    const body = await list(user);
    expect(body.notifications).toHaveLength(notificationListLimit);
    expect(body.notifications[0]!.title).toBe('Nr. 0');
    expect(body.unreadCount).toBe(notificationListLimit + 20);
  });

  it('marks one as read, and marking again changes nothing', async () => {
    const user = await createUser(t);
    const first = await seed(user, { title: 'Eins' });
    await seed(user, { title: 'Zwei' });

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${first.id}/read`,
      headers: headers(user),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().notification).toMatchObject({ id: first.id, isRead: true });
    const body = await list(user);
    expect(body.unreadCount).toBe(1);
    expect(body.notifications.find((n) => n.id === first.id)!.isRead).toBe(true);
    expect(body.notifications.find((n) => n.id !== first.id)!.isRead).toBe(false);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${first.id}/read`,
      headers: headers(user),
    });
    expect(again.statusCode).toBe(200);
    expect((await list(user)).unreadCount).toBe(1);
  });

  it('deletes one; deleting it again is 404', async () => {
    const user = await createUser(t);
    const gone = await seed(user, { title: 'Weg' });
    await seed(user, { title: 'Bleibt' });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${gone.id}`,
      headers: headers(user),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await list(user)).notifications.map((n) => n.title)).toEqual(['Bleibt']);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${gone.id}`,
      headers: headers(user),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(messages.http.notFound);
  });

  it('clear-all empties the own list and leaves other users alone', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    await seed(user);
    await seed(user, { type: 'error' });
    await seed(other, { title: 'Gehört dem anderen' });

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications/clear-all',
      headers: headers(user),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, deleted: 2 });
    expect(await list(user)).toEqual({ notifications: [], unreadCount: 0 });
    expect((await list(other)).notifications.map((n) => n.title)).toEqual(['Gehört dem anderen']);

    const empty = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications/clear-all',
      headers: headers(user),
    });
    expect(empty.json()).toEqual({ ok: true, deleted: 0 });
  });

  it("answers 404 for another user's notification (read, change, delete) and leaves it as it was", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const note = await seed(owner, { title: 'Privat' });

    for (const call of [
      { method: 'POST' as const, url: `/api/notifications/${note.id}/read` },
      { method: 'DELETE' as const, url: `/api/notifications/${note.id}` },
      { method: 'POST' as const, url: `/api/notifications/${randomUUID()}/read` },
      { method: 'DELETE' as const, url: '/api/notifications/kein-gueltiger-schluessel' },
    ]) {
      const response = await t.app.inject({ ...call, headers: headers(stranger) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(response.json().error.message).toBe(messages.http.notFound);
    }
    expect((await list(stranger)).notifications).toEqual([]);
    const own = await list(owner);
    expect(own.notifications).toEqual([{ ...note, isRead: false }]);
  });

  it('a dedupe key creates one notification however often it is used', async () => {
    const user = await createUser(t);
    const input = { type: 'success' as const, title: 'Einmal', message: 'x' };
    const first = await service.create(t.context.database.db, user.id, input, { dedupeKey: `k:${user.id}` });
    const second = await service.create(t.context.database.db, user.id, input, { dedupeKey: `k:${user.id}` });
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    expect((await list(user)).notifications).toHaveLength(1);
  });

  it('the event stream delivers a new own notification, nothing of other users, nothing rolled back', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const stream = await openStream(baseUrl, user.cookie);
    const otherStream = await openStream(baseUrl, other.cookie);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');

      // a rolled-back insert is never announced
      await t.context.database.db
        .transaction(async (tx) => {
          await service.create(tx, user.id, { type: 'info', title: 'Zurückgerollt', message: 'x' });
          throw new Error('rollback');
        })
        .catch(() => undefined);

      const created = await seed(user, { type: 'warning', priority: 'high', title: 'Live' });
      const event = await stream.next((e) => e.event === 'notification');
      expect(JSON.parse(event.data)).toEqual(created);

      await seed(other, { title: 'Für den anderen' });
      const otherEvent = await otherStream.next((e) => e.event === 'notification');
      expect(JSON.parse(otherEvent.data).title).toBe('Für den anderen');
      // the own stream saw neither the rolled-back nor the other user's notification
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.events.filter((e) => e.event === 'notification')).toEqual([]);
    } finally {
      await stream.close();
      await otherStream.close();
    }
  });

  it('a finished analysis arrives on the stream as analysis_complete with its analysisId', async () => {
    const user = await createUser(t);
    const stream = await openStream(baseUrl, user.cookie);
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/analyses',
        headers: headers(user),
        payload: { text: 'Aufgabe 1: 3 + 4 = 7. Die Katze schläft auf dem Sofa.', title: 'Mathe-Test' },
      });
      expect(created.statusCode, created.body).toBe(202);
      const analysisId = created.json().id as string;
      const event = await stream.next((e) => e.event === 'notification', 60_000);
      const note = JSON.parse(event.data) as UserNotification;
      expect(note).toMatchObject({
        type: 'analysis_complete',
        isRead: false,
        metadata: { analysisId, relativeLink: `/analysis/${analysisId}` },
      });
      expect((await list(user)).notifications.map((n) => n.id)).toEqual([note.id]);
    } finally {
      await stream.close();
    }
  });

  it.runIf(kind === 'postgres')(
    'a notification inserted by another process (a worker) reaches the stream',
    async () => {
      const user = await createUser(t);
      const stream = await openStream(baseUrl, user.cookie);
      // a second connection pool on the same database stands for an `npm run worker` process
      const worker = await openDatabase({ databaseUrl: t.context.config.DATABASE_URL, dataDir: t.dataDir });
      try {
        const workerService = createNotificationsService({
          repository: createNotificationsRepository(worker.db),
        });
        await workerService.create(worker.db, user.id, {
          type: 'success',
          title: 'Vom Worker',
          message: 'x',
        });
        const event = await stream.next((e) => e.event === 'notification');
        expect(JSON.parse(event.data).title).toBe('Vom Worker');
      } finally {
        await worker.close();
        await stream.close();
      }
    },
  );

  it.runIf(kind === 'postgres')(
    'a lost listening connection comes back: streams get resync, later notifications arrive again',
    async () => {
      const user = await createUser(t);
      const stream = await openStream(baseUrl, user.cookie);
      try {
        const admin = await openDatabase({ databaseUrl: t.context.config.DATABASE_URL, dataDir: t.dataDir });
        try {
          // what a database restart or failover does to the one LISTEN connection
          const killed = await admin.sql.executeSql(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = $1`,
            [LISTEN_APPLICATION_NAME],
          );
          expect(killed.rows.length).toBeGreaterThan(0);
        } finally {
          await admin.close();
        }
        await stream.next((e) => e.event === 'resync');
        await seed(user, { title: 'Nach dem Wiederverbinden' });
        const event = await stream.next((e) => e.event === 'notification');
        expect(JSON.parse(event.data).title).toBe('Nach dem Wiederverbinden');
      } finally {
        await stream.close();
      }
    },
  );

  it('serves the test-only seeding route only with TEST_HOOKS=true; closing the app ends streams', async () => {
    const user = await createUser(t);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/test-hooks/notifications',
      headers: headers(user),
      payload: { count: 3 },
    });
    expect(off.statusCode).toBe(404);

    // one more app (with TEST_HOOKS) also shows that closing an app ends its open streams
    const hooked = await buildTestApp(kind, { env: { TEST_HOOKS: 'true' } });
    try {
      const seeded = await createUser(hooked);
      const response = await hooked.app.inject({
        method: 'POST',
        url: '/api/test-hooks/notifications',
        headers: { cookie: seeded.cookie, origin: TEST_ORIGIN },
        payload: { count: 3, type: 'error', priority: 'high', ageSeconds: 90, stepSeconds: 60 },
      });
      expect(response.statusCode, response.body).toBe(201);
      const rows = await hooked.context.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, seeded.id));
      expect(rows).toHaveLength(3);
      expect(rows.every((row) => row.type === 'error' && row.priority === 'high')).toBe(true);
      const ages = rows
        .map((row) => Math.round((Date.now() - row.createdAt.getTime()) / 1000))
        .sort((a, b) => a - b);
      expect(ages[0]).toBeGreaterThanOrEqual(90);
      expect(ages[2]! - ages[0]!).toBeGreaterThanOrEqual(120);

      const url = await hooked.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(url, seeded.cookie);
      await hooked.app.close();
      await expect(stream.next(() => false, 5000)).rejects.toThrow('stream ended');
      await stream.close();
    } finally {
      await hooked.close();
    }
  });
});
