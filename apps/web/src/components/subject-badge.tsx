import { subjectStyle } from '@/lib/subject-style';
import { Badge } from './ui';

/** A course's subject with its colour and icon (spec 001 §2, §9): the classes screens and the learning profile. */
export function SubjectBadge({ subject }: { subject: string }) {
  const style = subjectStyle(subject);
  const Icon = style.icon;
  return (
    <Badge className={style.className}>
      <Icon aria-hidden="true" className="mr-1 size-3.5" />
      {subject}
    </Badge>
  );
}
