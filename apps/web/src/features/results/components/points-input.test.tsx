import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PointsInput } from './points-input';

describe('[RESULTS] PointsInput', () => {
  it('sends a value once when Enter is followed by the blur, and again after she comes back', () => {
    const onCommit = vi.fn();
    render(<PointsInput label="Aufgabe 1" value={2} max={4} disabled={false} onCommit={onCommit} />);
    const input = screen.getByRole('textbox', { name: 'Punkte für Aufgabe 1 (höchstens 4)' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1,5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    // the answer is not back yet: the field still has 2 as its value
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith(1.5, undefined);
    // the request failed and she tries again with the same value
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledTimes(2);
  });
});
