import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { messages } from '@korrigo/domain/messages';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/page';
import NotFoundRoute from '@/routes/not-found';

/** Never a blank screen: a German message and a way out for anything a route throws. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (import.meta.env.DEV) console.error(error);

  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <DocumentTitle title="Fehler" />
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-semibold text-slate-900">{messages.web.errorBoundaryTitle}</h1>
        <p role="alert" className="text-slate-600">
          {messages.web.errorBoundaryText}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            {messages.web.reload}
          </Button>
          <Button variant="secondary" asChild>
            <a href="/">{messages.web.toHome}</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
