import type { LucideIcon } from 'lucide-react';
import {
  BookOpenCheck,
  CalendarDays,
  ChartColumn,
  FilePen,
  GraduationCap,
  LayoutDashboard,
  Lightbulb,
  ScanText,
  Users,
} from 'lucide-react';
import type { AccountType } from '@korrigo/domain';

type DashboardNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** who sees the item (spec 001 §2 visibility table) */
  roles: readonly AccountType[];
};

const both = ['teacher', 'student'] as const;

const dashboardNavItems: readonly DashboardNavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, roles: both },
  { to: '/dashboard/analyse', label: 'Analyse', icon: ScanText, roles: both },
  // a student's own classes and courses are in 'Mein Lernprofil' (issue 33 §5)
  { to: '/dashboard/classes', label: 'Meine Klassen', icon: Users, roles: ['teacher'] },
  { to: '/dashboard/testgen', label: 'Testgenerator', icon: FilePen, roles: ['teacher'] },
  { to: '/dashboard/lessonsplan', label: 'Unterrichtsplanung', icon: CalendarDays, roles: ['teacher'] },
  { to: '/dashboard/mytests', label: 'Mein Lernprofil', icon: GraduationCap, roles: ['student'] },
  { to: '/dashboard/essayfeed', label: 'Lernunterstützung', icon: BookOpenCheck, roles: ['student'] },
  { to: '/dashboard/analytics', label: 'Analytics', icon: ChartColumn, roles: both },
  { to: '/dashboard/insights', label: 'Insights', icon: Lightbulb, roles: both },
];

/** Items for a role; while the role is unknown only the items everyone sees. */
export function navItemsFor(accountType: AccountType | undefined): DashboardNavItem[] {
  return dashboardNavItems.filter((item) =>
    accountType ? item.roles.includes(accountType) : item.roles.length === both.length,
  );
}
