import { Copy } from 'lucide-react';
import { messages } from '@korrigo/domain/messages';
import { Button, toast } from '@/components/ui';

/**
 * Copies a text and says so; where the browser refuses the clipboard, the text stays visible to copy.
 * `ariaLabel` names what is copied when the visible label alone („Kopieren“) does not.
 */
export function CopyButton({ text, label, ariaLabel }: { text: string; label: string; ariaLabel?: string }) {
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      aria-label={ariaLabel}
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => toast.success(messages.common.copied),
          () => toast.error(text),
        )
      }
    >
      <Copy aria-hidden="true" />
      {label}
    </Button>
  );
}
