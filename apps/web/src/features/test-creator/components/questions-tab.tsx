import { ListPlus } from 'lucide-react';
import { testCreatorMessages, type Question, type SavedTest } from '@korrigo/domain';
import { Button, EmptyState } from '@/components/ui';
import { QuestionCard } from './question-card';

type QuestionsTabProps = {
  test: SavedTest;
  onChangeQuestion: (question: Question) => void;
  onRemoveQuestion: (id: string) => void;
  onAddQuestion: () => void;
};

/** spec 001 §2 'Questions': add and remove questions, each with its type's fields. */
export function QuestionsTab({ test, onChangeQuestion, onRemoveQuestion, onAddQuestion }: QuestionsTabProps) {
  if (test.questions.length === 0) {
    return (
      <EmptyState
        icon={ListPlus}
        title={testCreatorMessages.noQuestions}
        action={
          <Button onClick={onAddQuestion}>
            <ListPlus aria-hidden="true" />
            Frage hinzufügen
          </Button>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {test.questions.map((question, index) => (
        <QuestionCard
          key={question.id}
          question={question}
          index={index}
          resources={test.resources}
          onChange={onChangeQuestion}
          onRemove={() => onRemoveQuestion(question.id)}
        />
      ))}
      <Button variant="secondary" className="self-start" onClick={onAddQuestion}>
        <ListPlus aria-hidden="true" />
        Frage hinzufügen
      </Button>
    </div>
  );
}
