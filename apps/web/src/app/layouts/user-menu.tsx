import { Link, useNavigate } from 'react-router';
import { LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import {
  Avatar,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui';
import type { CachedUser } from '@/lib/storage';

/** The avatar menu of a signed-in user, in both layouts. */
export function UserMenu({ user }: { user: CachedUser }) {
  const navigate = useNavigate();
  const name = user.displayName || user.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Benutzermenü von ${name}`}
        className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
      >
        <Avatar name={name} src={user.photoURL} size="sm" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-medium text-slate-900">{name}</span>
          <span className="block truncate text-xs text-slate-600">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" />
            Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            Profil
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" onSelect={() => navigate('/logout')}>
          <LogOut aria-hidden="true" />
          Abmelden
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
