import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleCheck, CircleAlert, LogOut, MailCheck, Pencil, Sparkles } from 'lucide-react';
import { accountTypeLabels, canUpgrade, messages, plansById, type Profile } from '@korrigo/domain';
import { CreditsBar } from '@/components/account/credits-bar';
import { Avatar, Badge, Button, Card, CardContent, CardHeader, CardTitle, toast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSendVerificationEmail } from '../api/send-verification-email';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

const notSet = <span className="font-normal text-slate-500">{messages.web.notSet}</span>;

type ProfileViewProps = {
  profile: Profile;
  onEdit: () => void;
  /** beside the upgrade button: the route's subscription actions (features/billing, issue 20 point 2) */
  planActions?: ReactNode;
};

function PlanDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-right text-sm font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** This month's use of a counted request (ADR 0018): 'n von m' or 'n (unbegrenzt)'. */
function UsageDetail({ label, usage }: { label: string; usage: { used: number; limit: number | null } }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="whitespace-nowrap font-medium text-slate-900">
        {usage.limit === null ? `${usage.used} (unbegrenzt)` : `${usage.used} von ${usage.limit}`}
      </dd>
    </div>
  );
}

export function ProfileView({ profile, onEdit, planActions }: ProfileViewProps) {
  const subscription = profile.subscription;
  const verify = useSendVerificationEmail();
  const sendVerification = () =>
    verify.mutate(profile.email, {
      onSuccess: () => toast.success(messages.profile.verificationSent),
      onError: (error) => toast.error(messages.profile.verificationFailedPrefix + errorMessage(error)),
    });

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <Avatar name={profile.displayName || profile.email} src={profile.photoURL} size="xl" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="primary">{accountTypeLabels[profile.accountType]}</Badge>
              <Badge tone={profile.plan === 'free' ? 'neutral' : 'success'}>
                {plansById[profile.plan].profileLabel}
              </Badge>
            </div>
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">
              {profile.displayName || 'Ohne Namen'}
            </h1>
            <p className="text-sm break-all text-slate-600">{profile.email}</p>
          </div>
          <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
            <Button onClick={onEdit}>
              <Pencil aria-hidden="true" />
              Profil bearbeiten
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/logout">
                <LogOut aria-hidden="true" />
                Abmelden
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Card>
          <CardHeader>
            <CardTitle>Kontodaten</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="flex flex-col gap-4">
              <Detail label="Name">{profile.displayName || notSet}</Detail>
              <Detail label="E-Mail-Adresse">
                {profile.email}
                {profile.pendingEmail ? (
                  <span className="mt-1 block font-normal text-amber-900">
                    {messages.profile.pendingEmail[profile.accountType](profile.pendingEmail)}
                  </span>
                ) : null}
              </Detail>
              <Detail label="Mitglied seit">{formatDate(profile.createdAt)}</Detail>
              <Detail label="E-Mail-Status">
                {profile.emailVerified ? (
                  <span className="inline-flex items-center gap-1.5 text-green-800">
                    <CircleCheck aria-hidden="true" className="size-4" />
                    Bestätigt
                  </span>
                ) : (
                  <span className="flex flex-wrap items-center gap-3">
                    <span className="inline-flex items-center gap-1.5 text-amber-900">
                      <CircleAlert aria-hidden="true" className="size-4" />
                      Nicht bestätigt
                    </span>
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={verify.isPending}
                      onClick={sendVerification}
                    >
                      {verify.isPending ? null : <MailCheck aria-hidden="true" />}
                      E-Mail bestätigen
                    </Button>
                  </span>
                )}
              </Detail>
              <Detail label="Kontotyp">{accountTypeLabels[profile.accountType]}</Detail>
              {profile.accountType === 'teacher' ? (
                <>
                  <Detail label="Bundesland">{profile.bundesland || notSet}</Detail>
                  <Detail label="Schule">{profile.school || notSet}</Detail>
                  <Detail label="Fächer">
                    {profile.subjects.length > 0 ? (
                      <span className="flex flex-wrap gap-1.5">
                        {profile.subjects.map((subject) => (
                          <Badge key={subject}>{subject}</Badge>
                        ))}
                      </span>
                    ) : (
                      notSet
                    )}
                  </Detail>
                </>
              ) : (
                <Detail label="Klasse/Semester">{profile.classLevel || notSet}</Detail>
              )}
            </dl>
          </CardContent>
        </Card>

        <Card className="self-start">
          <CardHeader>
            <CardTitle>Tarif und Credits</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <dl className="flex flex-col gap-3">
              <PlanDetail label="Tarif">{plansById[profile.plan].name}</PlanDetail>
              {profile.team && !profile.team.isOwner ? (
                <PlanDetail label="Über das Team">{profile.team.name}</PlanDetail>
              ) : null}
              {subscription?.trialEnd && subscription.status === 'trialing' ? (
                <PlanDetail label="Testphase bis">{formatDate(subscription.trialEnd)}</PlanDetail>
              ) : null}
              {subscription?.nextBillingDate ? (
                <PlanDetail label={subscription.cancelAtPeriodEnd ? 'Läuft aus am' : 'Nächste Abrechnung'}>
                  {formatDate(subscription.nextBillingDate)}
                </PlanDetail>
              ) : null}
              <PlanDetail label="Kontingent erneuert am">{formatDate(profile.nextReset)}</PlanDetail>
            </dl>
            {subscription?.cancelAtPeriodEnd && subscription.nextBillingDate ? (
              <p className="text-sm text-slate-700">
                Gekündigt: {plansById[subscription.plan].name} bleibt bis zum{' '}
                {formatDate(subscription.nextBillingDate)} aktiv, danach gilt Freemium.
              </p>
            ) : null}
            <CreditsBar
              credits={profile.credits}
              usedCredits={profile.usedCredits}
              remainingCredits={profile.remainingCredits}
            />
            <dl className="flex flex-col gap-2 text-sm">
              <UsageDetail label="Anfragen an den KI-Begleiter" usage={profile.usage.companionRequests} />
              {profile.accountType === 'teacher' ? (
                <UsageDetail label="KI-Aufgabenerstellungen" usage={profile.usage.testGenerations} />
              ) : null}
            </dl>
            {canUpgrade(profile.plan) ? (
              <Button asChild>
                <Link to="/pricing">
                  <Sparkles aria-hidden="true" />
                  Upgrade
                </Link>
              </Button>
            ) : null}
            {planActions}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
