import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { rosterImportMessages, rosterMessages, type ClassSummary, type School } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { ImportRosterDialog } from './import-roster-dialog';

const park: School = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Gymnasium am Park',
  fromProfile: true,
};
const sevenA: ClassSummary = {
  id: '00000000-0000-4000-8000-000000000011',
  schoolId: park.id,
  schoolName: park.name,
  name: '7 A',
  description: '',
  gradeLevel: '7',
  studentCount: 1,
  createdAt: '2026-09-01T08:00:00.000Z',
  createdBy: 'Frau Lehmann',
  archived: false,
};

const upload = async (content: string) =>
  fireEvent.change(await screen.findByTestId('roster-import-input'), {
    target: { files: [new File([content], 'schueler.csv', { type: 'text/csv' })] },
  });

describe('[CLASSES] importing a school export (issue 35 §3)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('previews the classes, skipped lines and repeated names, then sends all classes at once', async () => {
    let sent: { classes: Array<{ name: string; students: Array<{ name: string }> }> } | undefined;
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'POST /api/classes/import': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({ created: 1, extended: 1, added: 4 });
      },
    });
    const onOpenChange = vi.fn();
    renderScreen(<ImportRosterDialog open onOpenChange={onOpenChange} schools={[park]} classes={[sevenA]} />);
    await upload(
      [
        'Familienname;Rufname;Klasse;E-Mail',
        'Weber;Ben;7a;ben@example.de',
        'Schmidt;Lena;7a;',
        'Schmidt;Lena;7a;',
        'Berg;Mia;8c;mia(at)example.de',
        'Roth;Ida;8c;',
        'Lang;Nils;;',
      ].join('\n'),
    );
    const list = await screen.findByRole('list', { name: rosterImportMessages.classesInFile });
    expect(within(list).getByText('7a')).toBeInTheDocument();
    expect(within(list).getByText(rosterImportMessages.existingClass)).toBeInTheDocument();
    expect(within(list).getByText(rosterImportMessages.newClass('8'))).toBeInTheDocument();
    expect(screen.getByText(rosterMessages.invalidEmail(5, 'mia(at)example.de'))).toBeInTheDocument();
    expect(screen.getByText(rosterImportMessages.classMissing(7))).toBeInTheDocument();

    // a repeated name waits for her answer
    const submit = screen.getByRole('button', { name: rosterImportMessages.submit(2) });
    fireEvent.click(submit);
    expect(await screen.findByText(rosterMessages.choiceMissing)).toBeInTheDocument();
    expect(calls).not.toContain('POST /api/classes/import');
    const question = screen.getByRole('group', {
      name: `7a: ${rosterMessages.repeatedQuestion('Lena Schmidt', [3, 4])}`,
    });
    fireEvent.click(within(question).getByLabelText(rosterMessages.choiceDuplicate));
    fireEvent.click(submit);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent?.classes.map((item) => [item.name, item.students.map((student) => student.name)])).toEqual([
      ['7a', ['Ben Weber', 'Lena Schmidt']],
      ['8c', ['Ida Roth']],
    ]);
  });

  it('says in German why a file cannot be read', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => json(null) });
    renderScreen(<ImportRosterDialog open onOpenChange={() => {}} schools={[park]} classes={[]} />);
    await upload('Vorname;Klasse\nAnna;7a');
    expect(await screen.findByText(rosterImportMessages.noNameColumn)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: rosterImportMessages.submit(0) })).toBeDisabled();
  });
});
