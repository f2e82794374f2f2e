import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { analysisScreenMessages as t } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { CourseStudentSelector } from './course-student-selector';

const course = (id: string, name: string, students: { id: string; name: string }[]) => ({
  id,
  schoolId: '00000000-0000-4000-8000-000000000001',
  schoolName: 'Schule',
  classIds: ['00000000-0000-4000-8000-000000000002'],
  classNames: ['7b'],
  name,
  subject: 'Mathematik',
  description: '',
  classroom: '',
  schedule: [],
  startDate: null,
  endDate: null,
  archived: false,
  students,
  teachers: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'u1',
  lms: null,
});

const session = {
  'GET /api/auth/get-session': () =>
    json({ session: {}, user: { id: 'u1', email: 'ada@example.org', name: 'Ada' } }),
};
const mathe = '00000000-0000-4000-8000-00000000000a';
const bio = '00000000-0000-4000-8000-00000000000b';

describe('CourseStudentSelector (spec 001 §4)', () => {
  it('shows a course’s pupils once it is chosen, deselects on a second press and confirms only with both', async () => {
    stubFetch({
      ...session,
      'GET /api/courses': () =>
        json([
          course(mathe, 'Mathe 7b', [{ id: 's1', name: 'Mia Kowalski' }]),
          course(bio, 'Bio 8', [{ id: 's2', name: 'Ida' }]),
        ]),
    });
    const onConfirm = vi.fn();
    renderScreen(
      <CourseStudentSelector open onOpenChange={() => undefined} current={null} onConfirm={onConfirm} />,
    );

    const courseButton = await screen.findByRole('button', { name: /Mathe 7b/ });
    const confirm = screen.getByRole('button', { name: t.linkConfirm });
    expect(confirm).toBeDisabled();
    expect(screen.getByText(t.linkChooseCourse)).toBeInTheDocument();

    fireEvent.click(courseButton);
    expect(courseButton).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Mia Kowalski' }));
    expect(confirm).toBeEnabled();

    // second press on the course: deselected, the pupil with it
    fireEvent.click(courseButton);
    expect(courseButton).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Mia Kowalski' })).not.toBeInTheDocument();
    expect(confirm).toBeDisabled();

    fireEvent.click(courseButton);
    fireEvent.click(screen.getByRole('button', { name: 'Mia Kowalski' }));
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({
      course: { id: mathe, name: 'Mathe 7b' },
      student: { id: 's1', name: 'Mia Kowalski' },
    });
  });

  it('points to the classes screen when the teacher has no course', async () => {
    stubFetch({ ...session, 'GET /api/courses': () => json([]) });
    renderScreen(
      <CourseStudentSelector open onOpenChange={() => undefined} current={null} onConfirm={vi.fn()} />,
    );
    expect(await screen.findByText(t.linkNoCourses)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.linkToClasses })).toHaveAttribute('href', '/dashboard/classes');
  });
});
