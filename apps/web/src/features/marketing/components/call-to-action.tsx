import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function CallToAction({
  title = 'Bereit für die nächste Korrektur?',
  lead = 'Registriere dich kostenlos und korrigiere deine ersten Arbeiten noch heute – oder sieh dir zuerst die Demo an.',
}: {
  title?: string;
  lead?: string;
}) {
  return (
    <section aria-labelledby="cta-title" className="py-14 sm:py-20">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-card bg-primary-800 p-8 text-white sm:p-12 md:flex-row md:items-center md:justify-between">
          <div className="flex max-w-2xl flex-col gap-2">
            <h2 id="cta-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              {title}
            </h2>
            <p className="text-primary-100">{lead}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button
              size="lg"
              asChild
              className="bg-white! text-primary-800! hover:bg-primary-50! active:bg-primary-100!"
            >
              <Link to="/signup">Kostenlos registrieren</Link>
            </Button>
            <Button
              size="lg"
              variant="ghost"
              asChild
              className="text-white! ring-1 ring-white/70 hover:bg-primary-700!"
            >
              <Link to="/demo">Demo ansehen</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
