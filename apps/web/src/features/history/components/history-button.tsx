import { useState } from 'react';
import { History } from 'lucide-react';
import { dashboardMessages } from '@korrigo/domain';
import { Button } from '@/components/ui';
import { HistoryDialog } from './history-dialog';

/** Opens the Grading History popup from any screen (spec 001 §2: the analyse screen has one). */
export function HistoryButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <History aria-hidden="true" />
        {dashboardMessages.historyTitle}
      </Button>
      <HistoryDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
