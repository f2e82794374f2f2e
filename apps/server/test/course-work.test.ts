import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseWorkMessages, messages, type Material } from '@korrigo/domain';
import {
  buildZip,
  docx,
  pdfWithPages,
  pngHeader,
} from '../../../packages/grading/test/fixtures/hostile-files';
import { courseMaterialFiles, courses } from '../src/db/schema';
import { attachmentHeader } from '../src/modules/course-work/course-work.routes';
import { buildCourse, createUser } from './support/factories';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { multipartBody } from './support/multipart';

type User = Awaited<ReturnType<typeof createUser>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const oleDoc = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
const plainZip = () => buildZip([{ name: 'notizen.txt', data: Buffer.from('Hallo'), method: 0 }]);

describe.each(databaseKinds)('[COURSE WORK] assignments, exams and materials of a course on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let colleague: User;
  let participant: User;
  let outsider: User;
  let course: Awaited<ReturnType<typeof buildCourse>>;
  let other: Awaited<ReturnType<typeof buildCourse>>;

  const call = (user: User, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const upload = (user: User, url: string, files: { name: string; data: Buffer; type?: string }[]) => {
    const body = multipartBody(files);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, ...body.headers },
      payload: body.payload,
    });
  };
  const at = (suffix: string, courseId = course.id) => `/api/courses/${courseId}${suffix}`;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    teacher = await createUser(t, { accountType: 'teacher', name: 'Frau Berger' });
    colleague = await createUser(t, { accountType: 'teacher' });
    participant = await createUser(t, { accountType: 'student', subjects: [], classLevel: '7' });
    outsider = await createUser(t, { accountType: 'student', subjects: [], classLevel: '7' });
    course = await buildCourse(t, { ownerId: teacher.id, studentUserIds: [participant.id] });
    other = await buildCourse(t, { ownerId: colleague.id, name: 'Chemie 8' });
  }, 60_000);
  afterAll(() => t?.close());

  it('creates an assignment with the spec defaults; the server makes the id, a client id is refused', async () => {
    const empty = await call(teacher, 'GET', at('/assignments'));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);

    const created = await call(teacher, 'POST', at('/assignments'), {
      title: 'Referat Zelle',
      points: 10,
      dueDate: '2026-11-25T09:30:00.000Z',
      links: ['https://example.org/zelle'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      courseId: course.id,
      title: 'Referat Zelle',
      status: 'announced',
      points: 10,
      dueDate: '2026-11-25T09:30:00.000Z',
      links: ['https://example.org/zelle'],
    });
    expect(created.json().id).toMatch(/^[0-9a-f-]{36}$/);

    const withTempId = await call(teacher, 'POST', at('/assignments'), {
      id: 'temp_abc123',
      title: 'Mit Client-ID',
      points: 5,
      dueDate: '2026-11-25T09:30:00.000Z',
    });
    expect(withTempId.statusCode).toBe(400);

    const edited = await call(teacher, 'PATCH', at(`/assignments/${created.json().id}`), {
      status: 'past',
      points: 12.5,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'past', points: 12.5, title: 'Referat Zelle' });

    const list = await call(participant, 'GET', at('/assignments'));
    expect(list.json()).toHaveLength(1);

    const deleted = await call(teacher, 'DELETE', at(`/assignments/${created.json().id}`));
    expect(deleted.statusCode).toBe(204);
    expect((await call(teacher, 'GET', at('/assignments'))).json()).toEqual([]);
    expect((await call(teacher, 'DELETE', at(`/assignments/${created.json().id}`))).statusCode).toBe(404);
  });

  it('answers German messages for a missing title, negative points, a date without time and bad links', async () => {
    const response = await call(teacher, 'POST', at('/assignments'), {
      title: ' ',
      points: -1,
      dueDate: '2026-11-25',
      links: ['javascript:alert(1)'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      title: courseWorkMessages.titleRequired,
      points: courseWorkMessages.pointsInvalid,
      dueDate: courseWorkMessages.dueDateInvalid,
      'links.0': courseWorkMessages.linkInvalid,
    });
  });

  it('keeps exams with a planned default, free status changes and a required name', async () => {
    const missing = await call(teacher, 'POST', at('/exams'), { name: '', date: '2026-12-01' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({ name: courseWorkMessages.nameRequired });

    const created = await call(teacher, 'POST', at('/exams'), {
      name: 'Klausur Genetik',
      date: '2026-12-01',
      topics: ['Mendel', 'DNA'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'planned',
      topics: ['Mendel', 'DNA'],
      learningObjectives: [],
    });
    const id = created.json().id as string;
    for (const status of ['completed', 'planned', 'announced']) {
      const changed = await call(teacher, 'PATCH', at(`/exams/${id}`), { status });
      expect(changed.json().status).toBe(status);
    }
    expect((await call(participant, 'GET', at('/exams'))).json()).toMatchObject([
      { name: 'Klausur Genetik' },
    ]);
    expect((await call(teacher, 'DELETE', at(`/exams/${id}`))).statusCode).toBe(204);
  });

  it('stores material files checked by content under a key without the file name, and downloads them', async () => {
    const missing = await call(teacher, 'POST', at('/materials'), { title: 'Skript' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({ type: courseWorkMessages.typeRequired });

    const created = await call(teacher, 'POST', at('/materials'), {
      title: 'Skript Zellbiologie',
      type: 'lecture',
      author: 'Frau Berger',
    });
    expect(created.statusCode, created.body).toBe(201);
    const material = created.json() as Material;
    expect(material).toMatchObject({ type: 'lecture', files: [] });

    const files = [
      { name: 'skript.pdf', data: pdfWithPages(1) },
      { name: 'alt.doc', data: oleDoc() },
      { name: 'neu.docx', data: docx(Buffer.from('<w:document/>')) },
      { name: 'bild.png', data: pngHeader(4, 4) },
      { name: 'notizen.txt', data: Buffer.from('Mitose und Meiose\n') },
      { name: 'paket.zip', data: plainZip() },
      { name: 'Übung 1; Teil.txt', data: Buffer.from('Aufgabe 1') },
    ];
    const uploaded = await upload(teacher, at(`/materials/${material.id}/files`), files);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const stored = (uploaded.json() as Material).files;
    // one upload's files share their time; the order among them is not the point here
    expect(stored.map((file) => [file.name, file.mimeType]).sort()).toEqual(
      [
        ['skript.pdf', 'application/pdf'],
        ['alt.doc', 'application/msword'],
        ['neu.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['bild.png', 'image/png'],
        ['notizen.txt', 'text/plain'],
        ['paket.zip', 'application/zip'],
        ['Übung 1; Teil.txt', 'text/plain'],
      ].sort(),
    );

    const rows = await t.context.database.db
      .select()
      .from(courseMaterialFiles)
      .where(eq(courseMaterialFiles.materialId, material.id));
    for (const row of rows) {
      expect(row.storageKey).not.toContain(row.originalName.split('.')[0]);
      expect(row.storageKey.startsWith(`course-materials/${course.id}/`)).toBe(true);
    }

    const odd = stored.find((file) => file.name.startsWith('Übung'))!;
    const download = await call(participant, 'GET', at(`/materials/${material.id}/files/${odd.id}`));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/plain');
    expect(download.headers['content-disposition']).toBe(attachmentHeader('Übung 1; Teil.txt'));
    expect(download.headers['content-disposition']).toContain(
      "filename*=UTF-8''%C3%9Cbung%201%3B%20Teil.txt",
    );
    expect(download.body).toBe('Aufgabe 1');

    const byTeacher = await call(
      teacher,
      'GET',
      at(`/materials/${material.id}/files/${stored.find((file) => file.name === 'skript.pdf')!.id}`),
    );
    expect(byTeacher.statusCode).toBe(200);
    expect(byTeacher.headers['content-type']).toBe('application/pdf');
  });

  it('refuses bad files with a German 400 (or 413 when too large), never a 500, and stores none of them', async () => {
    const created = await call(teacher, 'POST', at('/materials'), { title: 'Ablage', type: 'other' });
    const url = at(`/materials/${created.json().id}/files`);
    const cases: { files: { name: string; data: Buffer }[]; status: number; message: string }[] = [
      {
        files: [{ name: 'tarnung.pdf', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]) }],
        status: 400,
        message: courseWorkMessages.unsupportedFile('tarnung.pdf'),
      },
      {
        files: [{ name: 'leer.txt', data: Buffer.alloc(0) }],
        status: 400,
        message: courseWorkMessages.unsupportedFile('leer.txt'),
      },
      { files: [], status: 400, message: courseWorkMessages.noFilesSent },
      {
        files: Array.from({ length: 11 }, (_, index) => ({ name: `${index}.txt`, data: Buffer.from('x') })),
        status: 400,
        message: courseWorkMessages.tooManyFiles,
      },
      {
        files: [{ name: 'gross.txt', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) }],
        status: 413,
        message: courseWorkMessages.fileTooLarge,
      },
      {
        files: [
          { name: 'gut.txt', data: Buffer.from('gut') },
          { name: 'boese.exe', data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]) },
        ],
        status: 400,
        message: courseWorkMessages.unsupportedFile('boese.exe'),
      },
    ];
    for (const { files, status, message } of cases) {
      const response = await upload(teacher, url, files);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: teacher.cookie,
        origin: TEST_ORIGIN,
        'content-type': 'multipart/form-data; boundary=----kaputt',
      },
      payload: Buffer.from(
        '------kaputt\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nabc',
      ),
    });
    expect(broken.statusCode, broken.body).toBeLessThan(500);
    const json = await call(teacher, 'POST', url, { files: [] });
    expect(json.statusCode).toBe(400);
    // only files that passed every check are stored; the mixed upload left nothing behind
    const list = (await call(teacher, 'GET', at('/materials'))).json() as Material[];
    const names = list.find((material) => material.id === created.json().id)!.files.map((file) => file.name);
    expect(names).not.toContain('gut.txt');
  });

  it('creates a new material only together with its files: a failed upload leaves no material and no file', async () => {
    const uploadNew = (
      user: User,
      fields: Record<string, string>,
      files: { name: string; data: Buffer }[],
    ) => {
      const body = multipartBody(files, fields);
      return t.app.inject({
        method: 'POST',
        url: at('/materials/upload'),
        headers: { cookie: user.cookie, origin: TEST_ORIGIN, ...body.headers },
        payload: body.payload,
      });
    };
    const titles = async () =>
      ((await call(teacher, 'GET', at('/materials'))).json() as Material[]).map((material) => material.title);
    const dir = path.join(t.dataDir, 'files', 'course-materials', course.id);
    const storedFiles = () => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0);

    const created = await uploadNew(
      teacher,
      { title: 'Arbeitsblatt Mitose', type: 'exercise', author: 'Frau Berger' },
      [{ name: 'blatt.txt', data: Buffer.from('Mitose: Prophase, Metaphase') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Arbeitsblatt Mitose',
      type: 'exercise',
      author: 'Frau Berger',
      description: '',
      files: [{ name: 'blatt.txt', mimeType: 'text/plain' }],
    });
    const before = storedFiles();

    // a file of a type we do not take, no file, too many, a missing title: a German 400 and nothing created
    const refused: [Record<string, string>, { name: string; data: Buffer }[], string][] = [
      [
        { title: 'Leer 1', type: 'other' },
        [
          { name: 'gut.txt', data: Buffer.from('gut') },
          { name: 'boese.exe', data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]) },
        ],
        courseWorkMessages.unsupportedFile('boese.exe'),
      ],
      [{ title: 'Leer 2', type: 'other' }, [], courseWorkMessages.noFilesSent],
      [
        { title: 'Leer 3', type: 'other' },
        Array.from({ length: 11 }, (_, index) => ({ name: `${index}.txt`, data: Buffer.from('x') })),
        courseWorkMessages.tooManyFiles,
      ],
      [
        { title: '', type: 'other' },
        [{ name: 'a.txt', data: Buffer.from('a') }],
        courseWorkMessages.titleRequired,
      ],
      [{ title: 'Leer 4' }, [{ name: 'a.txt', data: Buffer.from('a') }], courseWorkMessages.typeRequired],
    ];
    for (const [fields, files, message] of refused) {
      const response = await uploadNew(teacher, fields, files);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(message);
    }

    // the rows cannot be written (a stand-in for a database that fails mid-way): the stored file goes again
    const db = t.context.database.db;
    await db.execute(sql`
      CREATE FUNCTION refuse_material_file() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'kaputt'; END $$ LANGUAGE plpgsql`);
    await db.execute(sql`
      CREATE TRIGGER refuse_material_file BEFORE INSERT ON course_material_files
      FOR EACH ROW EXECUTE FUNCTION refuse_material_file()`);
    try {
      const failed = await uploadNew(teacher, { title: 'Leer 5', type: 'other' }, [
        { name: 'a.txt', data: Buffer.from('a') },
      ]);
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_material_file ON course_material_files`);
      await db.execute(sql`DROP FUNCTION refuse_material_file()`);
    }

    expect((await titles()).filter((title) => title.startsWith('Leer'))).toEqual([]);
    expect(storedFiles()).toBe(before);

    // the course's participant may not write (403), anyone else finds no course (404)
    const file = [{ name: 'a.txt', data: Buffer.from('a') }];
    expect((await uploadNew(participant, { title: 'P', type: 'other' }, file)).statusCode).toBe(403);
    expect((await uploadNew(outsider, { title: 'O', type: 'other' }, file)).statusCode).toBe(404);
    expect(await titles()).not.toContain('P');
  });

  it('removes stored files when a file or the whole material is deleted', async () => {
    const created = await call(teacher, 'POST', at('/materials'), { title: 'Zum Löschen', type: 'exercise' });
    const id = created.json().id as string;
    const uploaded = await upload(teacher, at(`/materials/${id}/files`), [
      { name: 'a.txt', data: Buffer.from('eins') },
      { name: 'b.txt', data: Buffer.from('zwei') },
    ]);
    const [first, second] = (uploaded.json() as Material).files;
    const keyOf = async (fileId: string) =>
      (
        await t.context.database.db
          .select()
          .from(courseMaterialFiles)
          .where(eq(courseMaterialFiles.id, fileId))
      )[0]!.storageKey;
    const firstKey = await keyOf(first!.id);
    const secondKey = await keyOf(second!.id);
    const onDisk = (key: string) => fs.existsSync(path.join(t.dataDir, 'files', key));
    expect(onDisk(firstKey) && onDisk(secondKey)).toBe(true);

    const removed = await call(teacher, 'DELETE', at(`/materials/${id}/files/${first!.id}`));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as Material).files.map((file) => file.name)).toEqual(['b.txt']);
    expect(onDisk(firstKey)).toBe(false);

    expect((await call(teacher, 'DELETE', at(`/materials/${id}`))).statusCode).toBe(204);
    expect(onDisk(secondKey)).toBe(false);
    expect((await call(teacher, 'GET', at(`/materials/${id}/files/${second!.id}`))).statusCode).toBe(404);
  });

  it('lets participants read and download but not write (403); anyone else finds no course (404)', async () => {
    const material = await call(teacher, 'POST', at('/materials'), { title: 'Nur lesen', type: 'resource' });
    const materialId = material.json().id as string;
    const file = (
      await upload(teacher, at(`/materials/${materialId}/files`), [{ name: 'x.txt', data: Buffer.from('x') }])
    ).json().files[0].id as string;
    const assignment = (
      await call(teacher, 'POST', at('/assignments'), {
        title: 'A',
        points: 1,
        dueDate: '2026-11-25T09:30:00Z',
      })
    ).json().id as string;
    const exam = (await call(teacher, 'POST', at('/exams'), { name: 'E', date: '2026-12-01' })).json()
      .id as string;

    const reads: [Method, string][] = [
      ['GET', at('/assignments')],
      ['GET', at('/exams')],
      ['GET', at('/materials')],
      ['GET', at(`/materials/${materialId}/files/${file}`)],
    ];
    const writes: [Method, string, object?][] = [
      ['POST', at('/assignments'), { title: 'B', points: 1, dueDate: '2026-11-25T09:30:00Z' }],
      ['PATCH', at(`/assignments/${assignment}`), { title: 'B' }],
      ['DELETE', at(`/assignments/${assignment}`)],
      ['POST', at('/exams'), { name: 'F', date: '2026-12-01' }],
      ['PATCH', at(`/exams/${exam}`), { name: 'F' }],
      ['DELETE', at(`/exams/${exam}`)],
      ['POST', at('/materials'), { title: 'M', type: 'other' }],
      ['PATCH', at(`/materials/${materialId}`), { title: 'M' }],
      ['DELETE', at(`/materials/${materialId}`)],
      ['DELETE', at(`/materials/${materialId}/files/${file}`)],
    ];
    for (const [method, url] of reads) {
      expect((await call(participant, method, url)).statusCode, url).toBe(200);
      for (const stranger of [outsider, colleague]) {
        expect((await call(stranger, method, url)).statusCode, url).toBe(404);
      }
    }
    for (const [method, url, payload] of writes) {
      const response = await call(participant, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.message).toBe(messages.http.forbidden);
      expect((await call(colleague, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const studentUpload = await upload(participant, at(`/materials/${materialId}/files`), [
      { name: 'y.txt', data: Buffer.from('y') },
    ]);
    expect(studentUpload.statusCode).toBe(403);

    // an id of another course's object, asked for under this course, is not found
    const foreign = (
      await call(colleague, 'POST', at('/exams', other.id), { name: 'Fremd', date: '2026-12-01' })
    ).json().id as string;
    expect((await call(teacher, 'PATCH', at(`/exams/${foreign}`), { name: 'Übernommen' })).statusCode).toBe(
      404,
    );
    expect((await call(teacher, 'DELETE', at(`/exams/${foreign}`))).statusCode).toBe(404);
    expect((await call(colleague, 'GET', at('/exams', other.id))).json()).toMatchObject([{ name: 'Fremd' }]);
  });

  it('limits material uploads per teacher with the German rate-limit message', async () => {
    const created = await call(colleague, 'POST', at('/materials', other.id), {
      title: 'Viel',
      type: 'other',
    });
    const url = at(`/materials/${created.json().id}/files`, other.id);
    let refused: Awaited<ReturnType<typeof upload>> | undefined;
    for (let attempt = 0; attempt < 31 && !refused; attempt += 1) {
      // an empty upload is refused by the service but still counts: the budget is about requests
      const response = await upload(colleague, url, []);
      if (response.statusCode === 429) refused = response;
    }
    expect(refused?.json().error.message).toBe(messages.http.rateLimited);
  });

  it('names a download safely whatever its name holds', () => {
    expect(attachmentHeader('a"b\\c\r\nd.txt')).toBe(
      `attachment; filename="a_b_c__d.txt"; filename*=UTF-8''a%22b%5Cc%0D%0Ad.txt`,
    );
  });

  it('takes the course work with it when the course goes', async () => {
    const doomed = await buildCourse(t, { ownerId: teacher.id, name: 'Weg' });
    await call(teacher, 'POST', at('/exams', doomed.id), { name: 'E', date: '2026-12-01' });
    await t.context.database.db.delete(courses).where(eq(courses.id, doomed.id));
    expect((await call(teacher, 'GET', at('/exams', doomed.id))).statusCode).toBe(404);
  });
});
