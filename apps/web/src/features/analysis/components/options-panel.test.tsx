import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { analysisOptionsSchema, type AnalysisOptions } from '@korrigo/domain';
import { OptionsPanel } from './options-panel';

function Harness({ models, defaultModel }: { models: string[]; defaultModel: string | null }) {
  const [options, setOptions] = useState<AnalysisOptions>(analysisOptionsSchema.parse({}));
  return (
    <>
      <OptionsPanel options={options} onChange={setOptions} models={models} defaultModel={defaultModel} />
      <output data-testid="chosen">{options.model ?? '(Standard)'}</output>
    </>
  );
}

describe('OptionsPanel', () => {
  it('offers the three configured models with their roles, the default preselected', () => {
    render(<Harness models={['alt-klein', 'klein', 'gross']} defaultModel="klein" />);
    fireEvent.click(screen.getByRole('button', { name: /Erweiterte Optionen/ }));
    const select = screen.getByLabelText('KI-Modell');
    expect(select).toHaveValue('klein');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'alt-klein (älteres, kleines Modell)',
      'klein (aktuelles, kleines Modell – empfohlen)',
      'gross (großes Modell – gründlicher)',
    ]);
    fireEvent.change(select, { target: { value: 'gross' } });
    expect(screen.getByTestId('chosen')).toHaveTextContent('gross');
  });

  it('says that the builtin engine grades when no model is configured', () => {
    render(<Harness models={[]} defaultModel={null} />);
    fireEvent.click(screen.getByRole('button', { name: /Erweiterte Optionen/ }));
    expect(screen.queryByLabelText('KI-Modell')).not.toBeInTheDocument();
    expect(screen.getByText(/eingebauten Korrektur-Engine/)).toBeInTheDocument();
  });
});
