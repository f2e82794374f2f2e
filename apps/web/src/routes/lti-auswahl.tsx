import { useSearchParams } from 'react-router';
import { DeepLinkingScreen } from '@/features/lti/components/deep-linking-screen';

/** /lti/auswahl?t=…: the LMS's deep linking request lands here (ADR 0031); `t` is the launch's signed selection. */
export default function LtiAuswahlRoute() {
  const [params] = useSearchParams();
  return <DeepLinkingScreen token={params.get('t') ?? ''} />;
}
