import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { messages } from '@korrigo/domain/messages';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/page';

export default function NotFoundRoute() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20">
      <DocumentTitle title="Seite nicht gefunden" />
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-700">
          <Compass aria-hidden="true" className="size-7" />
        </span>
        <p className="text-sm font-semibold text-primary-700">Fehler 404</p>
        <h1 className="text-2xl font-semibold text-slate-900">{messages.web.notFoundTitle}</h1>
        <p className="text-slate-600">{messages.web.notFoundText}</p>
        <Button asChild>
          <Link to="/">{messages.web.toHome}</Link>
        </Button>
      </div>
    </div>
  );
}
