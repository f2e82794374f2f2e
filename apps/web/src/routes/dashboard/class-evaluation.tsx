import { useParams } from 'react-router';
import { analysesUnlimited } from '@korrigo/domain';
import { ClassSetScreen } from '@/features/class-evaluations/components/class-set-screen';
import { useProfile } from '@/features/profile/api/get-profile';

export default function ClassEvaluationRoute() {
  const { id = '' } = useParams();
  const { data: profile } = useProfile();
  // a new set (another link in the list) starts with its own state
  return (
    <ClassSetScreen
      key={id}
      evaluationId={id}
      // credits are named only on a plan known to count them (issue 34 §8)
      countsCredits={profile ? !analysesUnlimited(profile.plan, profile.accountType) : false}
    />
  );
}
