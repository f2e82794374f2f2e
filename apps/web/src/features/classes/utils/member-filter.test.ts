import { describe, expect, it } from 'vitest';
import { availableMembers } from './member-filter';

const students = [
  { id: '1', name: 'Anna Schmidt', classId: 'a' },
  { id: '2', name: 'Ben Öztürk', classId: 'a' },
  { id: '3', name: 'Carla Schulz', classId: 'b' },
];

describe('availableMembers', () => {
  it('drops people already chosen', () => {
    expect(availableMembers(students, ['1'], '').map((s) => s.id)).toEqual(['2', '3']);
  });
  it('searches names without regard to case and filters by class', () => {
    expect(availableMembers(students, [], 'sch').map((s) => s.id)).toEqual(['1', '3']);
    expect(availableMembers(students, [], 'sch', 'b').map((s) => s.id)).toEqual(['3']);
    expect(availableMembers(students, [], 'ÖZ').map((s) => s.id)).toEqual(['2']);
  });
});
