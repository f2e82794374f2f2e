import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  /** above the title, e.g. the wizard's progress */
  top?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  children: ReactNode;
};

/** The centred card of the account screens (sign-up, login, reset, logout). */
export function AuthCard({ title, description, top, footer, wide, children }: AuthCardProps) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-14">
      <div
        className={cn(
          'w-full rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-8',
          wide ? 'max-w-xl' : 'max-w-md',
        )}
      >
        {top}
        <div className="mb-6 flex flex-col gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        </div>
        {children}
        {footer ? (
          <div className="mt-6 border-t border-slate-100 pt-5 text-center text-sm">{footer}</div>
        ) : null}
      </div>
    </div>
  );
}

export const textLinkClasses =
  'font-medium text-primary-700 underline-offset-2 hover:text-primary-900 hover:underline';
