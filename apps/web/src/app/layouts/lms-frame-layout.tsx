import { Outlet } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { SessionGate } from '../session-gate';

/**
 * Pages an LMS shows inside its own dialog (deep linking's „Inhalt auswählen“, ADR 0031): the logo and the
 * page, without the public site's menu and footer, whose „Preise“ or „Registrieren“ would lead the teacher
 * away from the choice her LMS waits for.
 */
export function LmsFrameLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-primary-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Zum Inhalt springen
      </a>
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center px-4 sm:px-6">
          <BrandLogo to="/dashboard" />
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <SessionGate>
          <Outlet />
        </SessionGate>
      </main>
    </div>
  );
}
