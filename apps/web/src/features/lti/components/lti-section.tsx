import type { ReactNode } from 'react';
import { Plug, RefreshCw } from 'lucide-react';
import { ltiSettingsMessages as text, messages, type LtiTool } from '@korrigo/domain';
import { CopyButton } from '@/components/copy-button';
import { PageSection } from '@/components/page';
import { Alert, Button, Card, CardContent, CardHeader, EmptyState, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useLtiRegistrations } from '../api/get-lti-registrations';
import { useLtiTool } from '../api/get-lti-tool';
import { RegistrationForm } from './registration-form';

/** A card of the section: its h3 sits below the section's h2. */
function Part({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Card role="group" aria-labelledby={id}>
      <CardHeader>
        <h3 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h3>
        {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

function Loading({ rows }: { rows: number }) {
  return (
    // a status, so that its name „Wird geladen …“ is read (a plain div may not carry a label)
    <div role="status" aria-busy="true" aria-label={messages.common.loading} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

function LoadFailed({ prefix, error, retry }: { prefix: string; error: unknown; retry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">{prefix + errorMessage(error)}</Alert>
      <Button variant="secondary" onClick={retry}>
        <RefreshCw aria-hidden="true" />
        {text.retry}
      </Button>
    </div>
  );
}

const toolRows = (tool: LtiTool) => [
  { label: text.launchUrl, value: tool.launchUrl },
  { label: text.loginUrl, value: tool.loginUrl },
  { label: text.jwksUrl, value: tool.jwksUrl },
  { label: text.redirectUrl, value: tool.redirectUrl },
];

/** What the platform's administrator enters for Korrigo, each value with its copy button. */
function ToolValues() {
  const tool = useLtiTool();
  return (
    <Part id="lti-tool-title" title={text.toolTitle} intro={text.toolIntro}>
      {tool.isPending ? <Loading rows={4} /> : null}
      {tool.isError ? (
        <LoadFailed prefix={text.toolLoadFailed} error={tool.error} retry={() => void tool.refetch()} />
      ) : null}
      {tool.data ? (
        <>
          {tool.data.publicUrlSet ? null : <Alert tone="warning">{text.publicUrlMissing}</Alert>}
          <dl className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
            {toolRows(tool.data).map((row) => (
              <div key={row.label} className="flex flex-col gap-1 px-4 py-3">
                <dt className="text-sm font-medium text-slate-900">{row.label}</dt>
                {/* the button wraps below a long address at phone width, at its own size */}
                <dd className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                  <code className="min-w-0 font-mono text-sm break-all text-slate-700">{row.value}</code>
                  <CopyButton text={row.value} label={text.copy} ariaLabel={text.copyLabel(row.label)} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </Part>
  );
}

/**
 * Dynamic registration (LTI DR 1.0): the URL her LMS's administrator pastes into Moodle; it carries a signed
 * token that makes the platform hers and ends after 24 hours (a fresh one on every visit).
 */
function DynamicRegistration() {
  const tool = useLtiTool();
  return (
    <Part id="lti-registration-title" title={text.registrationTitle} intro={text.registrationIntro}>
      {tool.isPending ? <Loading rows={1} /> : null}
      {tool.isError ? (
        <LoadFailed prefix={text.toolLoadFailed} error={tool.error} retry={() => void tool.refetch()} />
      ) : null}
      {tool.data ? (
        <dl className="flex flex-col rounded-lg border border-slate-200">
          <div className="flex flex-col gap-1 px-4 py-3">
            <dt className="text-sm font-medium text-slate-900">{text.registrationUrl}</dt>
            <dd className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <code className="min-w-0 font-mono text-sm break-all text-slate-700">
                {tool.data.registrationUrl}
              </code>
              <CopyButton
                text={tool.data.registrationUrl}
                label={text.copy}
                ariaLabel={text.copyLabel(text.registrationUrl)}
              />
            </dd>
            <dd className="text-sm text-slate-600">
              {text.registrationUrlExpires(
                new Date(tool.data.registrationUrlExpiresAt).toLocaleString('de-DE', {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              )}
            </dd>
          </div>
        </dl>
      ) : null}
    </Part>
  );
}

/** The platforms this teacher connected. */
function Registrations() {
  const list = useLtiRegistrations();
  return (
    <Part id="lti-list-title" title={text.listTitle}>
      {list.isPending ? <Loading rows={2} /> : null}
      {list.isError ? (
        <LoadFailed prefix={text.listLoadFailed} error={list.error} retry={() => void list.refetch()} />
      ) : null}
      {list.data?.length === 0 ? (
        <EmptyState icon={Plug} title={text.emptyTitle} description={text.emptyText} />
      ) : null}
      {list.data?.length ? (
        <ul
          aria-labelledby="lti-list-title"
          className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {list.data.map((registration) => (
            <li key={registration.id} className="flex flex-col gap-1 px-4 py-3">
              <span className="font-medium text-slate-900">{registration.name}</span>
              <dl className="grid gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-slate-600">{text.issuer}</dt>
                <dd className="break-all text-slate-800">{registration.issuer}</dd>
                <dt className="text-slate-600">{text.clientId}</dt>
                <dd className="break-all text-slate-800">{registration.clientId}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
    </Part>
  );
}

/**
 * „Lernplattform (LTI)“ in a teacher's profile (issue 35 §2): the registration URL for Moodle's dynamic
 * registration, the tool's values for a manual registration in Moodle or itslearning, the platforms she
 * connected, and the form that connects one.
 */
export function LtiSection() {
  return (
    <PageSection id="lti-title" title={text.title} intro={text.intro}>
      <DynamicRegistration />
      <ToolValues />
      <Registrations />
      <Part id="lti-form-title" title={text.formTitle} intro={text.formIntro}>
        <RegistrationForm />
      </Part>
    </PageSection>
  );
}
