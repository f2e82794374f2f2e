import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { courseMessages, messages, type Course } from '@korrigo/domain';
import { Toaster } from '@/components/ui/toaster';
import { json, renderRoutes, renderScreen, stubFetch } from '@/test/render';
import { ClassesScreen } from './classes-screen';
import { CourseDetailsDialog } from './course-details-dialog';

const sessionUser = { id: 'u1', email: 'lang@example.org', name: 'Frau Lang' };
const courseId = '00000000-0000-4000-8000-000000000031';
const linked: Course = {
  id: courseId,
  schoolId: '00000000-0000-4000-8000-000000000001',
  schoolName: 'Stand-in Moodle',
  classIds: ['00000000-0000-4000-8000-000000000011'],
  classNames: ['Biologie 9c'],
  name: 'Biologie 9c',
  subject: 'Biologie',
  description: '',
  classroom: '',
  schedule: [],
  startDate: null,
  endDate: null,
  archived: false,
  students: [],
  teachers: [],
  createdAt: '2026-11-28T08:00:00.000Z',
  createdBy: 'u1',
  lms: { title: 'Biologie 9c' },
};

const show = (course: Course) => {
  render(<Toaster />);
  renderScreen(
    <CourseDetailsDialog course={course} tab="details" onTabChange={() => {}} onClose={() => {}} />,
  );
};
const session = { 'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }) };
const sync = `POST /api/lti/courses/${courseId}/roster-sync`;

describe('[COURSES] taking over the participants of the LMS course (issue 35 §2)', () => {
  it("shows the owner of a linked course the button and the server's summary", async () => {
    const summary = '3 Schülerinnen und Schüler neu in den Kurs übernommen, 1 war schon darin.';
    const calls = stubFetch({
      ...session,
      [sync]: () => json({ added: 3, alreadyThere: 1, message: summary }),
    });
    show(linked);
    const button = await screen.findByRole('button', { name: courseMessages.lmsTakeOver });
    // the read view names the LMS course
    expect(screen.getByText(courseMessages.lms)).toBeInTheDocument();
    fireEvent.click(button);
    expect(await screen.findByText(summary)).toBeInTheDocument();
    expect(calls).toContain(sync);
  });

  it("says the server's German reason when the LMS fails", async () => {
    stubFetch({
      ...session,
      [sync]: () => json({ error: { code: 'lms_unavailable', message: messages.lti.platformFailed } }, 502),
    });
    show(linked);
    fireEvent.click(await screen.findByRole('button', { name: courseMessages.lmsTakeOver }));
    expect(await screen.findByText(messages.lti.platformFailed)).toBeInTheDocument();
  });

  it('offers nothing for a course without an LMS', async () => {
    stubFetch(session);
    show({ ...linked, lms: null });
    expect(await screen.findByRole('button', { name: courseMessages.edit })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: courseMessages.lmsTakeOver })).toBeNull();
    expect(screen.queryByText(courseMessages.lms)).toBeNull();
  });

  it('offers nothing to a co-teacher of a linked course', async () => {
    stubFetch(session);
    show({ ...linked, createdBy: 'u2' });
    expect(await screen.findByRole('button', { name: courseMessages.edit })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: courseMessages.lmsTakeOver })).toBeNull();
  });

  it("opens the course named in the address, where a teacher's LMS launch lands", async () => {
    stubFetch({
      ...session,
      'GET /api/classes': () =>
        json({ classes: [], stats: { classes: 0, students: 0, courses: 1, analysesThisMonth: 0 } }),
      'GET /api/schools': () => json([]),
      'GET /api/courses': () => json([linked]),
      'GET /api/invitations': () => json({ received: [], sent: [], emailVerified: false }),
    });
    const { router } = renderRoutes(
      [{ path: '/dashboard/classes', element: <ClassesScreen /> }],
      `/dashboard/classes?courseId=${courseId}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Biologie 9c' });
    // the footer's „Schließen“ (the corner's has the same name)
    fireEvent.click(within(dialog).getAllByRole('button', { name: courseMessages.close }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
