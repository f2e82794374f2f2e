import { Check, Minus } from 'lucide-react';
import { planComparison, pricingPlans } from '../content/plans';

/** spec 000 §6: the plan table as a feature comparison. */
export function PlanComparison() {
  return (
    <div
      className="overflow-x-auto rounded-card border border-slate-200 bg-white"
      tabIndex={0}
      role="region"
      aria-label="Tarifvergleich (horizontal scrollbar)"
    >
      <table className="w-full min-w-[760px] border-collapse text-sm">
        <caption className="sr-only">Funktionen der Tarife im Vergleich</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50">
            <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-900">
              Funktion
            </th>
            {pricingPlans.map((plan) => (
              <th key={plan.id} scope="col" className="px-3 py-3 text-center font-semibold text-slate-900">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {planComparison.map((row) => (
            <tr key={row.feature} className="border-b border-slate-100 last:border-b-0">
              <th scope="row" className="px-4 py-3 text-left font-medium text-slate-700">
                {row.feature}
              </th>
              {pricingPlans.map((plan) => {
                const cell = row.cells[plan.id];
                return (
                  <td key={plan.id} className="px-3 py-3 text-center text-slate-700">
                    {cell === true ? (
                      <>
                        <Check aria-hidden="true" className="mx-auto size-4 text-primary-700" />
                        <span className="sr-only">enthalten</span>
                      </>
                    ) : cell === false ? (
                      <>
                        <Minus aria-hidden="true" className="mx-auto size-4 text-slate-400" />
                        <span className="sr-only">nicht enthalten</span>
                      </>
                    ) : (
                      cell
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
