import { Avatar as AvatarPrimitive } from 'radix-ui';
import { initials } from '@korrigo/domain/account';
import { cn } from '@/lib/cn';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-20 text-2xl', xl: 'size-24 text-3xl' };

type AvatarProps = {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
};

/** The photo when there is one, else the initials (at most 2 letters, spec 000 §9). */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-100 font-semibold text-primary-800 ring-2 ring-white',
        sizes[size],
        className,
      )}
    >
      {src ? <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback role="img" aria-label={name || 'Profilbild'}>
        <span aria-hidden="true">{initials(name) || '?'}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
