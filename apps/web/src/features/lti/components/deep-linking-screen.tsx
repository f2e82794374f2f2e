import { useState } from 'react';
import { ClipboardList, FileText, RefreshCw } from 'lucide-react';
import {
  formatPointsValue,
  ltiDeepLinkingMessages as text,
  messages,
  type LtiDeepLinkingItem,
} from '@korrigo/domain';
import { DocumentTitle, PageContainer, PageHeader } from '@/components/page';
import { Alert, Button, Card, CardContent, CardHeader, EmptyState, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useDeepLinkingSelection } from '../api/get-deep-linking-selection';

/**
 * One object she can place. Its button posts a plain form to the server, which answers with the page that
 * sends the signed LtiDeepLinkingResponse to the LMS: the app's CSP lets forms go to Korrigo only, and the
 * LMS needs a top-level form post.
 */
function Item({
  item,
  token,
  busy,
  onPlace,
}: {
  item: LtiDeepLinkingItem;
  token: string;
  busy: boolean;
  onPlace: () => void;
}) {
  const placeable = item.scoreMaximum !== null;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-medium break-words text-slate-900">{item.title}</span>
        {item.detail ? <span className="text-sm text-slate-600">{item.detail}</span> : null}
        <span className="text-sm text-slate-700">
          {item.scoreMaximum === null ? text.noMaximum : text.maximum(formatPointsValue(item.scoreMaximum))}
        </span>
      </div>
      <form method="post" action="/lti/deep-linking" onSubmit={onPlace}>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="kind" value={item.kind} />
        <input type="hidden" name="id" value={item.id} />
        <Button type="submit" disabled={!placeable || busy} aria-label={text.placeLabel(item.title)}>
          {text.place}
        </Button>
      </form>
    </li>
  );
}

function ItemList({
  id,
  title,
  empty,
  icon,
  items,
  token,
  placing,
  onPlace,
}: {
  id: string;
  title: string;
  empty: string;
  icon: typeof FileText;
  items: LtiDeepLinkingItem[];
  token: string;
  placing: string | null;
  onPlace: (id: string) => void;
}) {
  return (
    <Card role="group" aria-labelledby={id}>
      <CardHeader>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <EmptyState icon={icon} title={empty} />
        ) : (
          <ul
            aria-labelledby={id}
            className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200"
          >
            {items.map((item) => (
              <Item
                key={item.id}
                item={item}
                token={token}
                busy={placing !== null}
                onPlace={() => onPlace(item.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /lti/auswahl (issue 35 §2, ADR 0031 „Deep linking“): where her LMS's „Aktivität hinzufügen → Korrigo“ lands
 * her; she picks a saved test or a class set to place into her course with its maximum points.
 */
export function DeepLinkingScreen({ token }: { token: string }) {
  const selection = useDeepLinkingSelection(token);
  const [placing, setPlacing] = useState<string | null>(null);

  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      <DocumentTitle title={text.title} />
      <PageHeader
        title={text.title}
        description={selection.data ? text.intro(selection.data.platformName) : undefined}
      />
      {token === '' ? <Alert tone="info">{text.missingToken}</Alert> : null}
      {token !== '' && selection.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={messages.common.loading}
          className="flex flex-col gap-3"
        >
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-14 w-full" />
          ))}
        </div>
      ) : null}
      {selection.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{text.loadFailed + errorMessage(selection.error)}</Alert>
          <Button variant="secondary" onClick={() => void selection.refetch()}>
            <RefreshCw aria-hidden="true" />
            {text.retry}
          </Button>
        </div>
      ) : null}
      {placing ? (
        <p role="status" className="text-sm text-slate-700">
          {text.sending}
        </p>
      ) : null}
      {selection.data ? (
        <>
          <ItemList
            id="lti-tests-title"
            title={text.testsTitle}
            empty={text.testsEmpty}
            icon={FileText}
            items={selection.data.tests}
            token={token}
            placing={placing}
            onPlace={setPlacing}
          />
          <ItemList
            id="lti-class-sets-title"
            title={text.classSetsTitle}
            empty={text.classSetsEmpty}
            icon={ClipboardList}
            items={selection.data.classSets}
            token={token}
            placing={placing}
            onPlace={setPlacing}
          />
        </>
      ) : null}
    </PageContainer>
  );
}
