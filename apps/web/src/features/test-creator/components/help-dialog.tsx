import { clozeBlankMarker, testCreatorMessages } from '@korrigo/domain';
import { Dialog, DialogClose, DialogContent, DialogFooter, buttonClasses } from '@/components/ui';

/** The help dialog of the test creator (spec 001 §2), closed with 'Verstanden'. */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="So funktioniert der KI-Testkreator" closeButton={false}>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-slate-700">
          <li>
            Legen Sie unter „Grundeinstellungen“ Titel, Fach, Klassenstufe, Testtyp, Dauer, Thema und
            Lernziele fest.
          </li>
          <li>
            Fügen Sie unter „Fragen“ Fragen hinzu: Multiple Choice mit richtigen Antworten, offene Fragen mit
            Erwartungshorizont, Lückentexte (Lücken mit {clozeBlankMarker} markieren) und Zuordnungen.
          </li>
          <li>Unter „Ressourcen“ legen Sie Texte, Zitate und Bilder an und hängen sie an Fragen an.</li>
          <li>
            Die „Vorschau“ zeigt den Test wie auf Papier; dort laden Sie ihn und das Lösungsblatt als PDF
            herunter.
          </li>
          <li>
            Gespeicherte Tests dienen der Analyse als Erwartungshorizont. Ihr Entwurf wird laufend in diesem
            Browser gesichert.
          </li>
        </ol>
        <DialogFooter>
          <DialogClose className={buttonClasses('primary')}>{testCreatorMessages.understood}</DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
