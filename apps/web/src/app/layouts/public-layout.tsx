import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { BrandLogo } from '@/components/brand-logo';
// By file, not through the ui index: this shell is part of every public page's first load.
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import type { CachedUser } from '@/lib/storage';
import { loadChunk } from '../load-chunk';
import { SessionGate } from '../session-gate';
import { isStaticPage } from '../static-pages';
import { useHydrated } from '@/lib/use-hydrated';
import { legalNavLinks, publicNavLinks } from './nav-links';

// The avatar menu (Radix dropdown) is for signed-in users only: visitors never load it.
const UserMenu = lazy(() =>
  loadChunk(() => import('./user-menu')).then((module) => ({ default: module.UserMenu })),
);

function LazyUserMenu({ user }: { user: CachedUser }) {
  return (
    <Suspense fallback={<span aria-hidden="true" className="block size-8 rounded-full bg-primary-100" />}>
      <UserMenu user={user} />
    </Suspense>
  );
}

function navLinkClasses({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-primary-800 bg-primary-50' : 'text-slate-700 hover:text-slate-900 hover:bg-slate-100',
  );
}

/**
 * Sign-in and sign-up from an invitation page come back to it (issue 34 §5): the mail's reader may take the
 * header's links rather than the page's own. Other pages start afresh.
 */
function useAccountLink() {
  const { pathname } = useLocation();
  const back = /^\/(team\/)?einladung\/[^/]+$/.test(pathname) ? `?next=${encodeURIComponent(pathname)}` : '';
  return (to: string) => (to === '/login' || to === '/signup' ? `${to}${back}` : to);
}

function PublicHeader() {
  const session = useSession();
  const accountLink = useAccountLink();
  const hydrated = useHydrated();
  // Who is signed in shows once the session is initialised (spec 000 §4) and the page is hydrated; until
  // then the visitor's links hold their place invisibly, so nothing jumps when they appear.
  const known = hydrated && session.initialised;
  const user = known ? session.user : null;
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Hauptnavigation" className="ml-4 hidden items-center gap-1 lg:flex">
          {publicNavLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div
          className={cn('ml-auto hidden items-center gap-2 lg:flex', !known && 'invisible')}
          aria-hidden={!known || undefined}
          inert={!known}
        >
          {user ? (
            <>
              <Button variant="ghost" asChild>
                <Link to="/dashboard">Dashboard</Link>
              </Button>
              <Button variant="ghost" asChild>
                <Link to="/profile">Profil</Link>
              </Button>
              <LazyUserMenu user={user} />
            </>
          ) : (
            <>
              <Button variant="ghost" asChild>
                <Link to={accountLink('/login')}>Anmelden</Link>
              </Button>
              <Button asChild>
                <Link to={accountLink('/signup')}>Kostenlos registrieren</Link>
              </Button>
            </>
          )}
        </div>
        <div className="ml-auto flex items-center gap-2 lg:hidden">
          {user ? <LazyUserMenu user={user} /> : null}
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Menü schließen' : 'Menü öffnen'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 bg-white lg:hidden">
        {/* its links exist only while it is open: a phone loading the page has fewer to set up */}
        {menuOpen ? (
          <nav
            aria-label="Mobile Navigation"
            className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3"
            onClick={(event: MouseEvent) => {
              // Close the phone menu once a link was chosen.
              if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
            }}
          >
            {publicNavLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClasses}>
                {link.label}
              </NavLink>
            ))}
            <div
              className={cn(
                'mt-2 grid grid-cols-2 gap-2 border-t border-slate-100 pt-3',
                !known && 'invisible',
              )}
              aria-hidden={!known || undefined}
              inert={!known}
            >
              {user ? (
                <>
                  <Button variant="secondary" asChild>
                    <Link to="/dashboard">Dashboard</Link>
                  </Button>
                  <Button variant="secondary" asChild>
                    <Link to="/profile">Profil</Link>
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="secondary" asChild>
                    <Link to={accountLink('/login')}>Anmelden</Link>
                  </Button>
                  <Button asChild>
                    <Link to={accountLink('/signup')}>Registrieren</Link>
                  </Button>
                </>
              )}
            </div>
          </nav>
        ) : null}
      </div>
    </header>
  );
}

const footerColumns = [
  { title: 'Produkt', links: publicNavLinks.slice(0, 3) },
  { title: 'Hilfe', links: publicNavLinks.slice(3) },
  {
    title: 'Konto',
    links: [
      { to: '/login', label: 'Anmelden' },
      { to: '/signup', label: 'Registrieren' },
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/profile', label: 'Profil' },
    ],
  },
  { title: 'Rechtliches', links: legalNavLinks },
];

function PublicFooter() {
  const accountLink = useAccountLink();
  return (
    <footer className="border-t border-slate-200 bg-white [contain-intrinsic-size:auto_560px] [content-visibility:auto]">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6 grid-cols-2 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="col-span-2 flex flex-col gap-3 md:col-span-1">
          <BrandLogo />
          <p className="max-w-xs text-sm text-slate-600">
            KI-gestützte Korrektur von Tests für Lehrkräfte, Schülerinnen und Schüler – datenschutzkonform und
            made in Jena.
          </p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={column.title} className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="flex flex-col gap-1.5">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={accountLink(link.to)}
                    className="text-sm text-slate-600 hover:text-primary-800 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-100">
        {/* pre-rendered at build time: the year may have turned since */}
        <p suppressHydrationWarning className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-600 sm:px-6">
          © {new Date().getFullYear()} Korrigo. Alle Rechte vorbehalten.
        </p>
      </div>
    </footer>
  );
}

export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-primary-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Zum Inhalt springen
      </a>
      <PublicHeader />
      <main id="main" className="flex flex-1 flex-col">
        {isStaticPage(pathname) ? (
          <Outlet />
        ) : (
          <SessionGate>
            <Outlet />
          </SessionGate>
        )}
      </main>
      {/* hydrated on its own, after the page (a pre-rendered page becomes interactive in short tasks) */}
      <Suspense>
        <PublicFooter />
      </Suspense>
    </div>
  );
}
