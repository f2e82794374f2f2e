import { Link } from 'react-router';
import {
  learningAssistantMessages as t,
  planHasFeature,
  planLink,
  planMessages,
  planOffering,
  type LearningOverview,
  type LearningSubject,
  type PlanId,
} from '@korrigo/domain';
import { Alert, Card, CardContent, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { AnalyzeTool } from './analyze-tool';
import { ChatTool } from './chat-tool';
import { ExplainTool } from './explain-tool';
import { PracticeTool } from './practice-tool';

type ToolTabsProps = {
  overview: LearningOverview;
  subject: LearningSubject | null;
  /** her plan (from the route's profile); unknown: the tools are shown and the server decides */
  plan?: PlanId;
};

/**
 * Explanations and the learning chat are the learning feedback of Premium Student (ADR 0018): on another plan
 * the tab says so instead of offering a tool the server would refuse.
 */
function FeedbackPlanHint({ plan }: { plan: PlanId }) {
  const offering = planOffering('learningFeedback', 'student', plan);
  return (
    <Alert tone="info">
      {planMessages.featureNotInPlan('learningFeedback', offering, 'student')}
      {offering ? (
        <>
          {' '}
          <Link to={planLink(offering)} className="font-medium underline">
            Tarife ansehen
          </Link>
        </>
      ) : null}
    </Alert>
  );
}

/** The four tools of spec 001 §2 as tabs (Radix: tablist, arrow keys, tabpanels). */
export function ToolTabs({ overview, subject, plan }: ToolTabsProps) {
  const withoutFeedback = plan !== undefined && !planHasFeature(plan, 'learningFeedback');
  return (
    <section aria-labelledby="learning-tools" className="flex flex-col gap-3">
      <h2 id="learning-tools" className="text-lg font-semibold text-slate-900">
        {t.toolsHeading}
      </h2>
      <Card>
        <CardContent>
          <Tabs defaultValue="practice">
            <TabsList aria-label={t.toolsHeading} className="w-full sm:w-auto">
              <TabsTrigger value="practice">{t.toolPractice}</TabsTrigger>
              <TabsTrigger value="explain">{t.toolExplain}</TabsTrigger>
              <TabsTrigger value="analyze">{t.toolAnalyze}</TabsTrigger>
              <TabsTrigger value="chat">{t.toolChat}</TabsTrigger>
            </TabsList>
            {/* a practice or a conversation in progress survives a look at another tab */}
            <TabsContent value="practice" forceMount className="data-[state=inactive]:hidden">
              {/* a new subject starts a new practice: the key drops the old session */}
              <PracticeTool key={subject?.subject ?? ''} subject={subject?.subject ?? null} />
            </TabsContent>
            <TabsContent value="explain" forceMount className="data-[state=inactive]:hidden">
              {withoutFeedback ? (
                <FeedbackPlanHint plan={plan} />
              ) : (
                <ExplainTool mistakes={overview.mistakes} subject={subject?.subject ?? null} />
              )}
            </TabsContent>
            <TabsContent value="analyze" forceMount className="data-[state=inactive]:hidden">
              <AnalyzeTool subject={subject?.subject ?? null} />
            </TabsContent>
            <TabsContent value="chat" forceMount className="data-[state=inactive]:hidden">
              {withoutFeedback ? (
                <FeedbackPlanHint plan={plan} />
              ) : (
                <ChatTool subject={subject?.subject ?? null} />
              )}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </section>
  );
}
