import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { blankQuestion } from '../utils/test-model';
import { QuestionCard } from './question-card';

describe('QuestionCard points', () => {
  it('takes whole points at once and says why "1,5", 0 or 150 are not taken', () => {
    const onChange = vi.fn();
    const question = { ...blankQuestion('open', 0), points: 2 };
    render(
      <QuestionCard question={question} index={0} resources={[]} onChange={onChange} onRemove={() => {}} />,
    );
    const input = screen.getByLabelText('Punkte');

    for (const typed of ['1,5', '0', '150']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(input).toHaveValue(typed);
      expect(screen.getByText('Bitte eine ganze Zahl zwischen 1 und 100 eingeben.')).toBeInTheDocument();
    }
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '15' } });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ points: 15 }));
    expect(screen.queryByText('Bitte eine ganze Zahl zwischen 1 und 100 eingeben.')).not.toBeInTheDocument();
  });
});
