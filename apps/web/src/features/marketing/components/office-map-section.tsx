import { lazy, Suspense } from 'react';
import { MapPin } from 'lucide-react';
import { company } from '../content/company';
import { officeRouteUrl } from '../content/office';
import { useInView } from '../hooks/use-in-view';

const OfficeMap = lazy(() => import('./office-map'));

/** The about page's map (spec 000 §2), loaded when it comes near the viewport. */
export function OfficeMapSection() {
  const [ref, inView] = useInView<HTMLDivElement>();
  return (
    <div className="grid overflow-hidden rounded-card border border-slate-200 bg-white lg:grid-cols-[1fr_2fr]">
      <div className="flex flex-col gap-3 p-6">
        <MapPin aria-hidden="true" className="size-6 text-primary-700" />
        <h3 className="text-lg font-semibold text-slate-900">Unser Büro in {company.city}</h3>
        <address className="text-slate-700 not-italic">
          {company.legalName}
          <br />
          {company.street}
          <br />
          {company.postalCode} {company.city}
        </address>
        <a
          href={officeRouteUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-primary-800 underline underline-offset-2"
        >
          Route planen<span className="sr-only"> (öffnet in neuem Tab)</span>
        </a>
      </div>
      <div
        ref={ref}
        role="region"
        aria-label={`Karte: ${company.name} in ${company.city}`}
        className="map-placeholder relative h-80"
        data-testid="office-map"
      >
        {inView ? (
          <Suspense fallback={null}>
            <OfficeMap />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
