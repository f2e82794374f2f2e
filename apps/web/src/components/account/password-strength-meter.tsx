import { passwordStrength, type PasswordStrength } from '@korrigo/domain';
import { cn } from '@/lib/cn';

const levels: Record<PasswordStrength, { segments: number; bar: string; text: string }> = {
  'Kein Passwort': { segments: 0, bar: 'bg-slate-300', text: 'text-slate-600' },
  Schwach: { segments: 1, bar: 'bg-red-600', text: 'text-red-700' },
  Mittel: { segments: 2, bar: 'bg-amber-500', text: 'text-amber-800' },
  Gut: { segments: 3, bar: 'bg-primary-600', text: 'text-primary-800' },
  Stark: { segments: 4, bar: 'bg-green-600', text: 'text-green-800' },
};

const SEGMENTS = 4;

/** spec 000 §5 strength score shown as four segments and its German label. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { label } = passwordStrength(password);
  const tone = levels[label];
  return (
    <div className="flex flex-col gap-1.5">
      <div aria-hidden="true" className="grid grid-cols-4 gap-1">
        {Array.from({ length: SEGMENTS }, (_, i) => (
          <div key={i} className={cn('h-1.5 rounded-full', i < tone.segments ? tone.bar : 'bg-slate-200')} />
        ))}
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        Passwortstärke: <span className={cn('font-semibold', tone.text)}>{label}</span>
      </p>
    </div>
  );
}
