import type { RosterEntry, StackPage } from '../../src/class-set';

/**
 * A 7b of 25 as German rosters have it: umlauts, ß, double first names, Turkish, Vietnamese, Polish and Arabic
 * surnames, two Leons (the first name alone is ambiguous), an Anna and a Hanna. Some entries are written
 * "Surname, First name" as exported from school software; ids are the first name and surname, kebab-case.
 */
export const rosterNames = [
  'Anna Müller',
  'Hanna Schmidt',
  'Leon Schneider',
  'Leon Fischer',
  'Lea-Sophie Weber',
  'Özdemir, Elif',
  'Nguyen, Minh Anh',
  'Jonas Meyer',
  'Emma Wagner',
  'Ben Becker',
  'Mia Schulz',
  'Finn Hoffmann',
  'Lina Schäfer',
  'Paul Koch',
  'Marie Bauer',
  'Noah Richter',
  'Sophie Klein',
  'Elias Wolf',
  'Emilia Schröder',
  'Luca Neumann',
  'Clara Schwarz',
  'Ahmad Al-Hassan',
  'Jakub Kowalski',
  'Greta Weiß',
  'Maximilian Krüger',
] as const;

/** "Özdemir, Elif" → "elif-oezdemir". */
export function rosterId(name: string): string {
  const [last, first] = name.includes(',')
    ? name.split(/,\s*/)
    : [name.split(' ').slice(1).join(' '), name.split(' ')[0]];
  return `${first} ${last}`
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]+/g, '-');
}

export function buildRoster(names: readonly string[] = rosterNames): RosterEntry[] {
  return names.map((name) => ({ id: rosterId(name), name }));
}

/** A first page with the pupil's header, then the first task; `header` as the pupil wrote it. */
export function buildFirstPage(
  header: string,
  task = '1. Aufgabe: Beschreibe den Aufbau einer Pflanzenzelle.',
): StackPage {
  return {
    text: `${header}\n\nKlassenarbeit Nr. 2 – Biologie\n${task}\nDie Zelle hat eine Zellwand und eine Vakuole.`,
  };
}

/** A continuation page: it starts with a task or a page number, never with a name. */
export function buildNextPage(start = '2. Aufgabe: Erkläre die Fotosynthese.'): StackPage {
  return {
    text: `${start}\nPflanzen bilden aus Kohlenstoffdioxid und Wasser mit Licht Traubenzucker.\nDabei entsteht Sauerstoff.`,
  };
}
