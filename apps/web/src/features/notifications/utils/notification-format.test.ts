import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatRelativeTime } from './notification-format';

describe('formatBadgeCount (spec 000 §9: badge caps at 99+)', () => {
  it('shows no badge without unread notifications', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(-3)).toBeNull();
    expect(formatBadgeCount(Number.NaN)).toBeNull();
  });

  it('shows the number up to 99 and 99+ above', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(42)).toBe('42');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(12345)).toBe('99+');
  });
});

describe('formatRelativeTime (spec 000 §9)', () => {
  const now = new Date('2025-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const second = 1000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('under 60 s in seconds', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('gerade eben');
    expect(formatRelativeTime(ago(999), now)).toBe('gerade eben');
    expect(formatRelativeTime(ago(1 * second), now)).toBe('vor 1 Sekunde');
    expect(formatRelativeTime(ago(5 * second), now)).toBe('vor 5 Sekunden');
    expect(formatRelativeTime(ago(59 * second + 999), now)).toBe('vor 59 Sekunden');
  });

  it('then minutes and hours, rounded down', () => {
    expect(formatRelativeTime(ago(60 * second), now)).toBe('vor 1 Minute');
    expect(formatRelativeTime(ago(2 * minute + 59 * second), now)).toBe('vor 2 Minuten');
    expect(formatRelativeTime(ago(59 * minute + 59 * second), now)).toBe('vor 59 Minuten');
    expect(formatRelativeTime(ago(hour), now)).toBe('vor 1 Stunde');
    expect(formatRelativeTime(ago(23 * hour + 59 * minute), now)).toBe('vor 23 Stunden');
  });

  it('then days below 7, then the de-DE date', () => {
    expect(formatRelativeTime(ago(day), now)).toBe('vor 1 Tag');
    expect(formatRelativeTime(ago(3 * day), now)).toBe('vor 3 Tagen');
    expect(formatRelativeTime(ago(7 * day - second), now)).toBe('vor 6 Tagen');
    expect(formatRelativeTime(ago(7 * day), now)).toBe('03.03.2025');
    expect(formatRelativeTime('2024-12-24T10:00:00.000Z', now)).toBe('24.12.2024');
  });

  it('a time in the future (clock skew) reads as just now; Date objects work too', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * second), now)).toBe('gerade eben');
    expect(formatRelativeTime(new Date(now.getTime() - 90 * second), now)).toBe('vor 1 Minute');
  });
});
