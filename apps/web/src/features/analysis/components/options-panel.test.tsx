import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { analysisOptionsSchema, type AnalysisOptions, type GradingScaleId } from '@korrigo/domain';
import { OptionsPanel } from './options-panel';

function Harness({
  models,
  defaultModel,
  testGradingScale,
}: {
  models: string[];
  defaultModel: string | null;
  testGradingScale?: GradingScaleId;
}) {
  const [options, setOptions] = useState<AnalysisOptions>(analysisOptionsSchema.parse({}));
  return (
    <>
      <OptionsPanel
        options={options}
        onChange={setOptions}
        models={models}
        defaultModel={defaultModel}
        testGradingScale={testGradingScale}
      />
      <output data-testid="chosen">{options.model ?? '(Standard)'}</output>
      <output data-testid="scale">{options.gradingScale ?? '(keiner gewählt)'}</output>
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

  it('offers the Notenschlüssel presets, Standard preselected, and keeps the choice in the options', () => {
    render(<Harness models={[]} defaultModel={null} />);
    const select = screen.getByLabelText('Notenschlüssel');
    expect(select).toHaveValue('standard');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Standard: 1 ab 92 %, 2 ab 81 %, 3 ab 67 %, 4 ab 50 %, 5 ab 30 %, mit + und −',
      'IHK-Schlüssel (ohne + und −): 1 ab 92 %, 2 ab 81 %, 3 ab 67 %, 4 ab 50 %, 5 ab 30 %, ganze Noten',
      'Oberstufe (15–0 Notenpunkte): 15 Punkte ab 95 %, 11 ab 75 %, 5 ab 45 %, 1 ab 20 %',
    ]);
    expect(screen.getByText(/Erwartungshorizont ein eigener Notenschlüssel/)).toBeInTheDocument();
    expect(screen.getByTestId('scale')).toHaveTextContent('(keiner gewählt)');
    fireEvent.change(select, { target: { value: 'ihk' } });
    expect(screen.getByTestId('scale')).toHaveTextContent('ihk');
  });

  it("shows the selected test's Notenschlüssel until the teacher chooses another", () => {
    render(<Harness models={[]} defaultModel={null} testGradingScale="oberstufe" />);
    const select = screen.getByLabelText('Notenschlüssel');
    expect(select).toHaveValue('oberstufe');
    expect(screen.getByText(/Voreingestellt ist der Notenschlüssel des gewählten Tests/)).toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'standard' } });
    expect(select).toHaveValue('standard');
    expect(screen.getByTestId('scale')).toHaveTextContent('standard');
    expect(screen.queryByText(/Voreingestellt ist/)).not.toBeInTheDocument();
  });
});
