import { Construction } from 'lucide-react';
import { messages } from '@korrigo/domain';
import { EmptyState } from '@/components/ui';
import { DocumentTitle, PageHeader } from './page';

/** Screens that later issues build: the heading and an honest notice, nothing fake. */
export function InProgressNotice({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={title} />
      <PageHeader title={title} />
      <EmptyState icon={Construction} title={messages.common.inProgress} />
    </div>
  );
}
