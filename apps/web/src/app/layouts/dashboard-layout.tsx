import { useState, type MouseEvent } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Menu, Sparkles } from 'lucide-react';
import { canUpgrade, plansById, type Profile } from '@korrigo/domain';
import { CreditsBar } from '@/components/account/credits-bar';
import { BrandLogo } from '@/components/brand-logo';
import { Badge, Button, Sheet, Skeleton } from '@/components/ui';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { useProfile } from '@/features/profile/api/get-profile';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { navItemsFor } from './dashboard-nav';
import { UserMenu } from './user-menu';

function CreditsCard({ profile, loading }: { profile: Profile | undefined; loading: boolean }) {
  if (loading) {
    return (
      <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-2 w-full" />
      </div>
    );
  }
  // spec 000 §4: when the profile cannot be read, credits and plan stay unknown.
  if (!profile) return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-900">Credits</span>
        <Badge tone={profile.plan === 'free' ? 'neutral' : 'primary'}>
          {plansById[profile.plan].profileLabel}
        </Badge>
      </div>
      <CreditsBar
        credits={profile.credits}
        usedCredits={profile.usedCredits}
        remainingCredits={profile.remainingCredits}
      />
      {canUpgrade(profile.plan) ? (
        <Button size="sm" variant="secondary" asChild className="mt-1">
          <Link to="/pricing">
            <Sparkles aria-hidden="true" />
            Upgrade
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const profile = useProfile();
  const items = navItemsFor(profile.data?.accountType);
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <BrandLogo to="/dashboard" className="px-2" />
      <nav
        aria-label="Dashboard-Navigation"
        className="flex flex-1 flex-col gap-1"
        onClick={(event: MouseEvent) => {
          if ((event.target as HTMLElement).closest('a')) onNavigate?.();
        }}
      >
        {items.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            end={to === '/dashboard'}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                isActive
                  ? 'bg-primary-50 text-primary-800'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {label}
          </NavLink>
        ))}
        {profile.isPending ? <Skeleton className="mx-3 mt-1 h-5 w-32" /> : null}
      </nav>
      <CreditsCard profile={profile.data} loading={profile.isPending} />
    </div>
  );
}

export function DashboardLayout() {
  const { user } = useSession();
  const [sidebarOpen, setSidebarOpen] = useState(false);

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-primary-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Zum Inhalt springen
      </a>
      <aside className="hidden border-r border-slate-200 bg-white lg:sticky lg:top-0 lg:block lg:h-dvh lg:overflow-y-auto">
        <SidebarContent />
      </aside>

      <Sheet open={sidebarOpen} onOpenChange={setSidebarOpen} title="Navigation" id="dashboard-sidebar">
        <SidebarContent onNavigate={() => setSidebarOpen(false)} />
      </Sheet>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="-ml-2 lg:hidden"
            aria-expanded={sidebarOpen}
            aria-controls="dashboard-sidebar"
            aria-label="Navigation öffnen"
            onClick={() => setSidebarOpen((open) => !open)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <BrandLogo to="/dashboard" className="lg:hidden" />
          <div className="ml-auto flex items-center gap-2">
            {user ? <NotificationsMenu /> : null}
            {user ? <UserMenu user={user} /> : null}
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
