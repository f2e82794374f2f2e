/**
 * The people a pick-list offers (spec 001 §4): those not yet chosen, matching the search (name, case-blind)
 * and, for students, the class filter ('' = every class). A person once added drops out of the list.
 */
export function availableMembers<T extends { id: string; name: string; classId?: string }>(
  options: readonly T[],
  chosenIds: readonly string[],
  search: string,
  classId = '',
): T[] {
  const chosen = new Set(chosenIds);
  const needle = search.trim().toLocaleLowerCase('de');
  return options.filter(
    (option) =>
      !chosen.has(option.id) &&
      (needle === '' || option.name.toLocaleLowerCase('de').includes(needle)) &&
      (classId === '' || option.classId === classId),
  );
}
