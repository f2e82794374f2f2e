import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analysisScreenMessages as t } from '@korrigo/domain';
import { ErrorItem } from './error-item';

const error = {
  title: 'Aspekt fehlt',
  point_deduction: 2,
  details: '',
  suggestion: '',
  severity: 'moderate',
  message: '',
  location: null,
};

describe('ErrorItem', () => {
  it('shows a standing deduction as a deduction', () => {
    render(<ErrorItem error={error} saving={false} />);
    expect(screen.getByText('−2 P.').tagName).not.toBe('S');
    expect(screen.queryByText(t.deductionOverridden)).toBeNull();
  });

  it('strikes through a deduction her own points replaced, and says it does not count (issue 33 §3)', () => {
    render(<ErrorItem error={{ ...error, overridden: true }} saving={false} />);
    expect(screen.getByText('−2 P.').tagName).toBe('S');
    expect(screen.getByText(t.deductionOverridden)).toBeInTheDocument();
  });
});
