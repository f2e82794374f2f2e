import { LearningAssistantScreen } from '@/features/learning-assistant/components/learning-assistant-screen';
import { useProfile } from '@/features/profile/api/get-profile';

export default function EssayfeedRoute() {
  const { data: profile } = useProfile();
  return <LearningAssistantScreen plan={profile?.plan} />;
}
