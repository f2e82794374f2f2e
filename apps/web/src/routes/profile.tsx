import type { Profile } from '@korrigo/domain';
import { DocumentTitle } from '@/components/page';
import { SubscriptionActions } from '@/features/billing/components/subscription-actions';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { LtiSection } from '@/features/lti/components/lti-section';
import { StudentIdReviewLink } from '@/features/student-id/components/student-id-review-screen';
import { StudentIdSection } from '@/features/student-id/components/student-id-section';
import { TeamSection } from '@/features/team/components/team-section';

/** The profile's parts from other features: teachers see their team and LMS connections, students their student ID. */
function moreSections(profile: Profile) {
  return profile.accountType === 'teacher' ? (
    <>
      <TeamSection />
      <LtiSection />
      <StudentIdReviewLink />
    </>
  ) : (
    <StudentIdSection />
  );
}

export default function ProfileRoute() {
  return (
    <>
      <DocumentTitle title="Profil" />
      <ProfileScreen
        planActions={(profile) => <SubscriptionActions profile={profile} />}
        sections={moreSections}
      />
    </>
  );
}
