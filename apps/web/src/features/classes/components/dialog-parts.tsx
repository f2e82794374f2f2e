import type { ReactNode } from 'react';
import { Button, DialogFooter } from '@/components/ui';

/** One labelled value in the read views of the class and course modals. */
export function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

/** Abbrechen and the submit button at the bottom of the new class and new course modals. */
export function CreateDialogFooter({
  cancelLabel,
  submitLabel,
  submitting,
  onCancel,
}: {
  cancelLabel: string;
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
