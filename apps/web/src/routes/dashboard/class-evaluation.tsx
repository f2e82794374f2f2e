import { useParams } from 'react-router';
import { ClassSetScreen } from '@/features/class-evaluations/components/class-set-screen';

export default function ClassEvaluationRoute() {
  const { id = '' } = useParams();
  // a new set (another link in the list) starts with its own state
  return <ClassSetScreen key={id} evaluationId={id} />;
}
