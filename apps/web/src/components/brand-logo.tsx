import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** Logo mark + wordmark, linking home. */
export function BrandLogo({ className, to = '/' }: { className?: string; to?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-semibold text-slate-900',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-primary-700" />
        <path
          d="M9 17l5 5 9-12"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>Korrigo</span>
    </Link>
  );
}
