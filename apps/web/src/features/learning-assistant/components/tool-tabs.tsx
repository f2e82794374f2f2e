import { learningAssistantMessages as t, type LearningOverview, type LearningSubject } from '@korrigo/domain';
import { Card, CardContent, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { AnalyzeTool } from './analyze-tool';
import { ChatTool } from './chat-tool';
import { ExplainTool } from './explain-tool';
import { PracticeTool } from './practice-tool';

type ToolTabsProps = { overview: LearningOverview; subject: LearningSubject | null };

/** The four tools of spec 001 §2 as tabs (Radix: tablist, arrow keys, tabpanels). */
export function ToolTabs({ overview, subject }: ToolTabsProps) {
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
              <ExplainTool mistakes={overview.mistakes} subject={subject?.subject ?? null} />
            </TabsContent>
            <TabsContent value="analyze" forceMount className="data-[state=inactive]:hidden">
              <AnalyzeTool subject={subject?.subject ?? null} />
            </TabsContent>
            <TabsContent value="chat" forceMount className="data-[state=inactive]:hidden">
              <ChatTool subject={subject?.subject ?? null} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </section>
  );
}
