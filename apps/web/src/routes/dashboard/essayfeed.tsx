import { LearningAssistantScreen } from '@/features/learning-assistant/components/learning-assistant-screen';

export default function EssayfeedRoute() {
  return <LearningAssistantScreen />;
}
