import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { classLimits, classMessages, rosterMessages, type School } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { useSchools } from '../api/get-schools';
import { NewClassDialog } from './new-class-dialog';

const park: School = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Gymnasium am Park',
  fromProfile: true,
};
const nord: School = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Realschule Nord',
  fromProfile: false,
};

/** The dialog as the screen gives it the schools: from the query, so a new school reaches it. */
function Harness({ onCreated = () => {} }: { onCreated?: () => void }) {
  const schools = useSchools();
  return schools.data ? (
    <NewClassDialog open onOpenChange={() => {}} schools={schools.data} onCreated={onCreated} />
  ) : null;
}

const rosterBox = () => screen.getByLabelText(classMessages.roster);

describe('[CLASSES] the new class dialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows skipped lines with their numbers and asks about a repeated name before it sends', async () => {
    let sent: unknown;
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/schools': () => json([park]),
      'POST /api/classes': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({}, 201);
      },
    });
    renderScreen(<Harness />);
    fireEvent.change(await screen.findByLabelText(classMessages.name), { target: { value: '7b' } });
    fireEvent.change(screen.getByLabelText(classMessages.gradeLevel), { target: { value: '7' } });
    fireEvent.change(rosterBox(), {
      target: {
        value: `Nachname\tVorname\nSchmidt\tLena\n${'x'.repeat(classLimits.studentNameMax + 1)}\nWeber\tBen\tben@example\nSchmidt\tLena\tlena@example.de`,
      },
    });
    expect(screen.getByText(rosterMessages.nameTooLong(3))).toBeInTheDocument();
    expect(screen.getByText(rosterMessages.invalidEmail(4, 'ben@example'))).toBeInTheDocument();
    expect(screen.getByText(rosterMessages.headerSkipped(1), { exact: false })).toBeInTheDocument();
    const question = screen.getByRole('group', {
      name: rosterMessages.repeatedQuestion('Lena Schmidt', [2, 5]),
    });

    // no answer yet: nothing is sent
    fireEvent.click(screen.getByRole('button', { name: classMessages.createClass }));
    expect(await screen.findByText(rosterMessages.choiceMissing)).toBeInTheDocument();
    expect(calls).not.toContain('POST /api/classes');

    fireEvent.click(within(question).getByLabelText(rosterMessages.choiceSecond));
    const second = within(question).getByLabelText(rosterMessages.nameInLine(5));
    expect(second).toHaveValue('Lena Schmidt (2)');
    fireEvent.change(second, { target: { value: 'Lena Schmidt (7c)' } });
    expect(screen.getByText(classMessages.rosterPreview(2), { exact: false })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: classMessages.createClass }));
    await waitFor(() => expect(calls).toContain('POST /api/classes'));
    expect(sent).toMatchObject({
      schoolId: park.id,
      name: '7b',
      students: [
        { line: 2, name: 'Lena Schmidt' },
        { line: 5, name: 'Lena Schmidt (7c)', email: 'lena@example.de' },
      ],
    });
  });

  it('„doppelt – nur einmal“ keeps the pupil once', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/schools': () => json([park]),
    });
    renderScreen(<Harness />);
    fireEvent.change(await screen.findByLabelText(classMessages.roster), {
      target: { value: 'Lena Schmidt\nSchmidt, Lena\nBen Weber' },
    });
    expect(screen.getByText(classMessages.rosterPreview(1))).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(rosterMessages.choiceDuplicate));
    expect(screen.getByText(classMessages.rosterPreview(2))).toBeInTheDocument();
    expect(screen.queryByLabelText(rosterMessages.nameInLine(2))).toBeNull();
  });

  it('adds a school inside the dialog, keeps the typed fields and chooses the new school', async () => {
    let schools = [park];
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/schools': () => json(schools),
      'POST /api/schools': () => {
        schools = [park, nord];
        return json(nord, 201);
      },
    });
    renderScreen(<Harness />);
    fireEvent.change(await screen.findByLabelText(classMessages.name), { target: { value: '7b' } });
    fireEvent.change(rosterBox(), { target: { value: 'Anna Schmidt' } });
    fireEvent.click(screen.getByRole('button', { name: classMessages.newSchool }));
    fireEvent.change(screen.getByLabelText(classMessages.schoolName), {
      target: { value: 'Realschule Nord' },
    });
    fireEvent.click(screen.getByRole('button', { name: classMessages.addSchool }));

    await waitFor(() => expect(screen.getByLabelText(classMessages.school)).toHaveValue(nord.id));
    expect(screen.queryByLabelText(classMessages.schoolName)).toBeNull();
    expect(screen.getByLabelText(classMessages.name)).toHaveValue('7b');
    expect(rosterBox()).toHaveValue('Anna Schmidt');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
