import { creditsBarTone } from '@korrigo/domain';
import { Progress } from '@/components/ui';
import { cn } from '@/lib/cn';

const toneToProgress = { ok: 'primary', warning: 'warning', danger: 'danger' } as const;

type CreditsBarProps = {
  /** null: an unlimited plan */
  credits: number | null;
  usedCredits: number;
  remainingCredits: number | null;
  className?: string;
};

/** Remaining credits of the plan; yellow above 70 % used, red above 90 % (spec 000 §9). */
export function CreditsBar({ credits, usedCredits, remainingCredits, className }: CreditsBarProps) {
  if (credits === null || remainingCredits === null) {
    return (
      <p className={cn('text-sm text-slate-700', className)}>
        <span className="font-semibold text-slate-900">Unbegrenzte Analysen</span>, {usedCredits} in diesem
        Monat
      </p>
    );
  }
  const tone = creditsBarTone(credits, usedCredits);
  return (
    <div className={className}>
      <p className="mb-1.5 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{remainingCredits}</span> von {credits} Credits übrig
      </p>
      <Progress
        value={remainingCredits}
        max={Math.max(credits, 1)}
        tone={toneToProgress[tone]}
        label="Verbleibende Credits"
        valueText={`${remainingCredits} von ${credits} Credits übrig`}
      />
    </div>
  );
}
