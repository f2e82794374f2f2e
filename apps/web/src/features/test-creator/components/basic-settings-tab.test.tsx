import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { BasicSettingsTab } from './basic-settings-tab';
import { blankTest } from '../utils/test-model';

function renderTab(test = blankTest('u1')) {
  const onChange = vi.fn();
  render(
    <BasicSettingsTab
      test={test}
      titleError={null}
      onChange={onChange}
      onSaveTemplate={() => {}}
      savingTemplate={false}
      onGenerate={() => {}}
      generating={false}
      generateNotice={null}
      onHelp={() => {}}
    />,
  );
  return onChange;
}

describe('BasicSettingsTab', () => {
  it('offers the Notenschlüssel, Standard for a new test, and reports the choice for the test', () => {
    const onChange = renderTab();
    const select = screen.getByLabelText('Notenschlüssel');
    expect(select).toHaveValue('standard');
    expect(screen.getByText(/Erwartungshorizont ein eigener Notenschlüssel/)).toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'oberstufe' } });
    expect(onChange).toHaveBeenCalledWith({ gradingScale: 'oberstufe' });
  });

  it("shows a saved test's choice", () => {
    renderTab({ ...blankTest('u1'), gradingScale: 'ihk' });
    expect(screen.getByLabelText('Notenschlüssel')).toHaveValue('ihk');
  });
});
