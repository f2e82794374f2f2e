import { clsx, type ClassValue } from 'clsx';

/** Joins class names; callers pass their overrides last and avoid conflicting utilities. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
