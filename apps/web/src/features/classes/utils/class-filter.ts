import type { ClassSummary } from '@korrigo/domain';

export type ClassTab = 'active' | 'archived';

/** How many cards a list shows before 'Alle anzeigen' (spec 001 §2 show-all toggle). */
export const collapsedCount = 6;

/**
 * The classes of one tab that match the search (spec 001 §2: by name, description and school name), case-
 * and accent-insensitive so that 'muller' finds 'Müller'.
 */
export function filterClasses(classes: ClassSummary[], tab: ClassTab, query: string): ClassSummary[] {
  const needle = fold(query.trim());
  return classes.filter(
    (item) =>
      item.archived === (tab === 'archived') &&
      (!needle || [item.name, item.description, item.schoolName].some((text) => fold(text).includes(needle))),
  );
}

export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
