import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PasswordStrengthMeter } from './password-strength-meter';

describe('PasswordStrengthMeter', () => {
  it.each([
    ['', 'Kein Passwort'],
    ['abc', 'Schwach'],
    ['abcdefgh', 'Schwach'],
    ['abcdefghij', 'Mittel'],
    ['Abcdefghij', 'Gut'],
    ['Abcdefgh1', 'Gut'],
    ['Abcdefghi1', 'Stark'],
    ['Abcdefghi1!', 'Stark'],
  ])('shows %j as %s', (password, label) => {
    render(<PasswordStrengthMeter password={password} />);
    expect(screen.getByText(/Passwortstärke/)).toHaveTextContent(`Passwortstärke: ${label}`);
  });
});
