import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { testCreatorMessages, type SavedTest } from '@korrigo/domain';
import { Toaster } from '@/components/ui';
import { json, renderScreen, stubFetch } from '@/test/render';
import { TestCreatorScreen } from './test-creator-screen';

const placed: SavedTest = {
  id: 'placed-test',
  title: 'Brüche aus dem Moodle-Kurs',
  subject: 'Mathematik',
  grade: '6. Klasse',
  testType: 'Kombiniert',
  duration: 45,
  topic: '',
  learningObjectives: '',
  lastSaved: '2026-11-01T10:00:00.000Z',
  userId: 'teacher-1',
  questions: [],
  resources: [],
};

describe('the test creator opened from an LMS link (ADR 0031, deep linking)', () => {
  it('opens the placed test named by ?testId= on arrival', async () => {
    localStorage.clear();
    const calls = stubFetch({
      'GET /api/tests/teacher-1': () => json([placed]),
      'GET /api/tests/teacher-1/placed-test': () => json(placed),
    });
    renderScreen(
      <>
        <TestCreatorScreen userId="teacher-1" openTestId="placed-test" />
        <Toaster />
      </>,
    );
    expect(await screen.findByDisplayValue(placed.title)).toBeInTheDocument();
    expect(await screen.findAllByText(testCreatorMessages.loaded)).not.toHaveLength(0);
    expect(calls).toContain('GET /api/tests/teacher-1/placed-test');
  });
});
