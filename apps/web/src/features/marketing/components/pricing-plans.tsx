import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Check } from 'lucide-react';
import type { PlanId } from '@korrigo/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import {
  annualDiscountPercent,
  monthlyPriceWhenAnnual,
  pricingPlans,
  type PricingPlan,
} from '../content/plans';
import { formatEuroDe } from '../utils/format-number';

type Billing = 'monthly' | 'annual';

/** The button of a plan's card, given by the route (features/billing's checkout, issue 20 point 2). */
export type PlanActionSlot = (plan: { id: PlanId; highlighted?: boolean }, billing: Billing) => ReactNode;

const euro = formatEuroDe;

/** spec 000 §2: monthly/annual toggle with the 20 % annual discount. */
function BillingToggle({ billing, onChange }: { billing: Billing; onChange(next: Billing): void }) {
  const option = (value: Billing, label: string) => (
    <button
      type="button"
      aria-pressed={billing === value}
      onClick={() => onChange(value)}
      className={cn(
        'cursor-pointer rounded-md px-4 py-2 text-sm font-medium transition-colors',
        billing === value ? 'bg-white text-slate-900 shadow-card' : 'text-slate-700 hover:text-slate-900',
      )}
    >
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Abrechnungszeitraum"
      className="inline-flex items-center gap-1 rounded-lg bg-slate-200/70 p-1"
    >
      {option('monthly', 'Monatlich')}
      {option('annual', `Jährlich (−${annualDiscountPercent} %)`)}
    </div>
  );
}

function PlanPrice({ plan, billing }: { plan: PricingPlan; billing: Billing }) {
  if (plan.monthly === null) {
    return (
      <div className="flex flex-col">
        <p className="text-3xl font-semibold text-slate-900">Auf Anfrage</p>
        <p className="text-sm text-slate-600">individuelles Angebot</p>
      </div>
    );
  }
  if (plan.monthly === 0) {
    return (
      <div className="flex flex-col">
        <p className="text-3xl font-semibold text-slate-900">{euro(0)}</p>
        <p className="text-sm text-slate-600">dauerhaft kostenlos</p>
      </div>
    );
  }
  const perMonth = billing === 'annual' ? monthlyPriceWhenAnnual(plan)! : plan.monthly;
  return (
    <div className="flex flex-col" data-testid={`price-${plan.id}`}>
      <p className="text-3xl font-semibold text-slate-900">
        {euro(perMonth)}
        <span className="text-base font-normal text-slate-600"> / Monat</span>
      </p>
      <p className="text-sm text-slate-600">
        {billing === 'annual' ? `${euro(plan.annual!)} jährlich abgerechnet` : 'monatlich kündbar'}
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  billing,
  planAction,
  wanted,
}: {
  plan: PricingPlan;
  billing: Billing;
  planAction?: PlanActionSlot;
  wanted: boolean;
}) {
  const cta = planAction ? (
    planAction(plan, billing)
  ) : plan.id === 'enterprise' ? (
    <Button variant="secondary" asChild className="w-full">
      <Link to="/contact">Angebot anfragen</Link>
    </Button>
  ) : (
    <Button variant={plan.highlighted ? 'primary' : 'secondary'} asChild className="w-full">
      <Link to="/signup">
        {plan.trialDays ? `${plan.trialDays} Tage kostenlos testen` : 'Kostenlos starten'}
      </Link>
    </Button>
  );
  return (
    <Card
      id={`tarif-${plan.id}`}
      className={cn(
        'flex h-full scroll-mt-24 flex-col',
        plan.highlighted && 'border-primary-600 ring-1 ring-primary-600',
        wanted && 'border-primary-700 ring-2 ring-primary-700',
      )}
      data-testid={`plan-${plan.id}`}
      aria-current={wanted ? 'true' : undefined}
    >
      <div className="flex flex-1 flex-col gap-5 p-6">
        <div className="flex flex-col gap-1">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
            {plan.highlighted ? <Badge tone="primary">Beliebt</Badge> : null}
          </div>
          <p className="text-sm text-slate-600">{plan.audience}</p>
        </div>
        <PlanPrice plan={plan} billing={billing} />
        <ul className="flex flex-1 flex-col gap-2 text-sm text-slate-700">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-700" />
              {feature}
            </li>
          ))}
        </ul>
        {plan.trialDays ? (
          <p className="text-sm font-medium text-primary-800">{plan.trialDays} Tage kostenlos testen</p>
        ) : null}
        {plan.note ? <p className="text-xs text-slate-600">{plan.note}</p> : null}
      </div>
      <div className="p-6 pt-0">{cta}</div>
    </Card>
  );
}

export function PricingPlans({ planAction }: { planAction?: PlanActionSlot }) {
  const [billing, setBilling] = useState<Billing>('monthly');
  // a refusal by plan links here with ?plan=<id> (ADR 0018): that card is marked and scrolled into view
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get('plan');
  useEffect(() => {
    if (wanted) document.getElementById(`tarif-${wanted}`)?.scrollIntoView({ block: 'center' });
  }, [wanted]);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col items-center gap-2">
        <BillingToggle billing={billing} onChange={setBilling} />
        <p className="text-sm text-slate-600" aria-live="polite">
          {billing === 'annual'
            ? `Bei jährlicher Zahlung sparst du ${annualDiscountPercent} %.`
            : `Jährlich zahlen und ${annualDiscountPercent} % sparen.`}
        </p>
      </div>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {pricingPlans.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} billing={billing} planAction={planAction} wanted={plan.id === wanted} />
          </li>
        ))}
      </ul>
    </div>
  );
}
