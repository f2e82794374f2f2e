import type { Ref } from 'react';
import {
  pointsLabel,
  resourceTypeLabels,
  testCreatorMessages,
  type Question,
  type Resource,
  type SavedTest,
  matchingOrderOf,
} from '@korrigo/domain';
import {
  clozeParts,
  optionLetter,
  resourcesOf,
  totalPoints,
  unattachedResources,
  visibleOptions,
} from '../utils/test-model';
import { ResourceImage } from './resource-image';

function ResourceView({ resource }: { resource: Resource }) {
  const heading = [resourceTypeLabels[resource.type], resource.title.trim()].filter(Boolean).join(': ');
  return (
    <figure className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
      <figcaption className="mb-1 font-semibold text-slate-800">{heading}</figcaption>
      {resource.type === 'image' ? (
        <ResourceImage content={resource.content} alt={resource.title || 'Bild'} />
      ) : resource.type === 'citation' ? (
        <blockquote className="border-l-2 border-slate-300 pl-3 whitespace-pre-wrap text-slate-800 italic">
          {resource.content}
        </blockquote>
      ) : (
        <p className="whitespace-pre-wrap text-slate-800">{resource.content}</p>
      )}
      {resource.source.trim() ? (
        <p className="mt-1 text-xs text-slate-600">Quelle: {resource.source}</p>
      ) : null}
    </figure>
  );
}

function AnswerArea({ question }: { question: Question }) {
  if (question.type === 'multiple-choice') {
    return (
      <ul className="flex flex-col gap-1.5" aria-label="Antwortmöglichkeiten">
        {visibleOptions(question).map((option, index) => (
          <li key={option.id} className="flex items-center gap-2 text-sm">
            <span
              aria-hidden="true"
              className="inline-block size-4 shrink-0 rounded-sm border border-slate-500"
            />
            <span>
              {optionLetter(index)}) {option.text}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (question.type === 'open') {
    return (
      <div aria-label="Antwortfeld" role="img" className="flex flex-col gap-6 pt-4">
        {[0, 1, 2, 3].map((line) => (
          <div key={line} className="border-b border-slate-300" />
        ))}
      </div>
    );
  }
  if (question.type === 'cloze') {
    const parts = clozeParts(question.text);
    return (
      <p className="text-sm leading-8 whitespace-pre-wrap" data-testid="cloze-text">
        {parts.map((part, index) => (
          <span key={index}>
            {part}
            {index < parts.length - 1 ? (
              <span
                className="mx-1 inline-block w-24 border-b border-slate-600 align-baseline"
                aria-label={`Lücke ${index + 1}`}
                role="img"
                data-testid="cloze-blank"
              >
                <span className="text-xs text-slate-500">({index + 1})</span>
              </span>
            ) : null}
          </span>
        ))}
      </p>
    );
  }
  const order = matchingOrderOf(question);
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2">
      <ol className="flex flex-col gap-1.5" aria-label="Linke Spalte">
        {question.matchingPairs.map((pair, index) => (
          <li key={index} className="flex items-center gap-2">
            <span className="w-5 font-medium">{index + 1}.</span>
            <span className="flex-1">{pair.left}</span>
            <span aria-hidden="true" className="inline-block h-6 w-10 rounded-sm border border-slate-500" />
          </li>
        ))}
      </ol>
      <ul className="flex flex-col gap-1.5" aria-label="Rechte Spalte" data-testid="matching-right">
        {order.map((pairIndex, index) => (
          <li key={pairIndex} className="flex gap-2">
            <span className="w-5 font-medium">{optionLetter(index)}.</span>
            <span>{question.matchingPairs[pairIndex]!.right}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type TestPreviewProps = { test: SavedTest; ref?: Ref<HTMLElement> };

/**
 * spec 001 §2 'Preview': the header, numbered questions with points, their resources and the answer areas;
 * cloze blanks where [..] was marked; the right-hand column of matching questions shuffled.
 */
export function TestPreview({ test, ref }: TestPreviewProps) {
  const loose = unattachedResources(test);
  return (
    <article
      ref={ref}
      aria-label="Vorschau des Tests"
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-8"
    >
      <header className="flex flex-col gap-2 border-b-2 border-slate-700 pb-4">
        <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">
          {test.title.trim() || testCreatorMessages.untitled}
        </h2>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div className="flex gap-1">
            <dt className="font-medium">Fach:</dt>
            <dd>{test.subject}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">Klasse:</dt>
            <dd>{test.grade}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">Dauer:</dt>
            <dd>{test.duration} Minuten</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">Gesamt:</dt>
            <dd>{pointsLabel(totalPoints(test))}</dd>
          </div>
        </dl>
        {test.topic.trim() ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium">Thema:</span> {test.topic}
          </p>
        ) : null}
        {test.learningObjectives.trim() ? (
          <p className="text-sm whitespace-pre-wrap text-slate-700">
            <span className="font-medium">Lernziele:</span> {test.learningObjectives}
          </p>
        ) : null}
      </header>

      {loose.length ? (
        <section aria-label="Materialien" className="flex flex-col gap-2">
          {loose.map((resource) => (
            <ResourceView key={resource.id} resource={resource} />
          ))}
        </section>
      ) : null}

      {test.questions.length === 0 ? (
        <p className="text-sm text-slate-600">{testCreatorMessages.noQuestions}</p>
      ) : null}
      <ol className="flex flex-col gap-6">
        {test.questions.map((question, index) => (
          <li key={question.id} className="flex flex-col gap-3" data-testid="preview-question">
            <div className="flex items-start justify-between gap-4">
              <p className="font-semibold whitespace-pre-wrap text-slate-900">
                {index + 1}.{' '}
                {question.type === 'cloze' ? testCreatorMessages.clozeInstruction : question.text}
              </p>
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {pointsLabel(question.points)}
              </span>
            </div>
            {resourcesOf(test, question).map((resource) => (
              <ResourceView key={resource.id} resource={resource} />
            ))}
            <AnswerArea question={question} />
          </li>
        ))}
      </ol>
    </article>
  );
}
