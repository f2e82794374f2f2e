/**
 * The classes screen's query keys in one place: every write below invalidates `all`, so the lists, the stat
 * cards and an open class's details read the change together.
 */
export const classesQueryKeys = {
  all: ['classes'] as const,
  schools: () => ['classes', 'schools'] as const,
  list: () => ['classes', 'list'] as const,
  detail: (classId: string) => ['classes', 'detail', classId] as const,
  courses: () => ['classes', 'courses'] as const,
};
