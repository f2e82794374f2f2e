import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  pointsLabel,
  resourceTypeLabels,
  testCreatorMessages,
  type Question,
  type Resource,
  type SavedTest,
  matchingOrderOf,
  countOf,
} from '@korrigo/domain';
import {
  clozeParts,
  clozeSolutions,
  optionLetter,
  resourcesOf,
  totalPoints,
  unattachedResources,
  visibleOptions,
} from './test-model';

/** spec 001 §7, §9: A4 portrait with a 10 mm margin (1 mm = 72 / 25.4 pt). */
export const pdfPageMarginPt = (10 * 72) / 25.4;
const contentWidth = 595.28 - 2 * pdfPageMarginPt;
const blank = '__________';

/** pdfkit embeds PNG and JPEG only; other images appear as their address. */
const embeddableImage = /^data:image\/(png|jpe?g);base64,/i;

function checkbox(checked: boolean): Content {
  // A drawn box: Roboto has no ballot-box glyph, and a drawing prints the same everywhere.
  return {
    canvas: [
      { type: 'rect', x: 0, y: 1.5, w: 9, h: 9, lineWidth: 0.8, ...(checked ? { color: '#1e293b' } : {}) },
    ],
    width: 16,
  } as Content;
}

function answerLines(count: number): Content {
  return {
    canvas: Array.from({ length: count }, (_, i) => ({
      type: 'line' as const,
      x1: 0,
      y1: 22 + i * 22,
      x2: contentWidth,
      y2: 22 + i * 22,
      lineWidth: 0.5,
      lineColor: '#94a3b8',
    })),
    margin: [0, 0, 0, 6],
  };
}

/** Natural sizes of embedded images in CSS pixels, by content; images are never printed larger than that. */
export type ImageSizes = Record<string, { width: number; height: number }>;

function imageFit(size: { width: number; height: number } | undefined): [number, number] {
  const maxWidth = contentWidth - 20;
  const maxHeight = 220;
  if (!size) return [maxWidth, maxHeight];
  // 1 CSS px = 0.75 pt
  return [Math.min(maxWidth, size.width * 0.75), Math.min(maxHeight, size.height * 0.75)];
}

function resourceBlock(resource: Resource, imageSizes: ImageSizes): Content {
  const heading = [resourceTypeLabels[resource.type], resource.title].filter(Boolean).join(': ');
  const body: Content[] = [];
  if (resource.type === 'image') {
    if (embeddableImage.test(resource.content)) {
      body.push({
        image: resource.content,
        fit: imageFit(imageSizes[resource.content]),
        margin: [0, 2, 0, 2],
      });
    } else if (resource.content.trim()) {
      body.push({ text: `Bild: ${resource.content.trim()}`, italics: true });
    }
  } else if (resource.content.trim()) {
    body.push({ text: resource.content, italics: resource.type === 'citation' });
  }
  if (resource.source.trim())
    body.push({ text: `Quelle: ${resource.source.trim()}`, fontSize: 8, color: '#475569' });
  return {
    table: {
      widths: ['*'],
      body: [[{ stack: [{ text: heading, bold: true, fontSize: 9 }, ...body], margin: [4, 3, 4, 3] }]],
    },
    layout: {
      hLineColor: () => '#cbd5e1',
      vLineColor: () => '#cbd5e1',
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
    },
    margin: [0, 2, 0, 6],
  };
}

function multipleChoice(question: Question, solution: boolean): Content[] {
  return visibleOptions(question).map((option, index) => ({
    columns: [
      checkbox(solution && option.isCorrect),
      {
        text: `${optionLetter(index)}) ${option.text}${solution && option.isCorrect ? ' (richtig)' : ''}`,
        bold: solution && option.isCorrect,
      },
    ],
    margin: [8, 1, 0, 1],
  }));
}

function cloze(question: Question, solution: boolean): Content {
  const parts = clozeParts(question.text);
  const solutions = clozeSolutions(question);
  const text: Content[] = [];
  parts.forEach((part, index) => {
    text.push({ text: part });
    if (index < parts.length - 1) {
      text.push(
        solution
          ? { text: ` ${solutions[index] || '—'} `, bold: true, decoration: 'underline' }
          : { text: ` (${index + 1}) ${blank} ` },
      );
    }
  });
  return { text, lineHeight: 1.5, margin: [0, 0, 0, 4] };
}

function matching(question: Question, solution: boolean): Content {
  const order = matchingOrderOf(question);
  const right = order.map((pairIndex) => question.matchingPairs[pairIndex]!.right);
  const rows = question.matchingPairs.map((pair, index) => {
    const letter = optionLetter(order.indexOf(index));
    return [
      { text: `${index + 1}. ${pair.left}` },
      solution ? { text: letter, bold: true } : { text: '____' },
      { text: right[index] !== undefined ? `${optionLetter(index)}. ${right[index]}` : '' },
    ];
  });
  return {
    table: { widths: ['*', 40, '*'], body: rows },
    layout: 'noBorders',
    margin: [8, 2, 0, 4],
  };
}

function questionBlock(
  test: SavedTest,
  question: Question,
  index: number,
  solution: boolean,
  imageSizes: ImageSizes,
): Content {
  const stack: Content[] = [
    {
      columns: [
        {
          text: `${index + 1}. ${question.type === 'cloze' ? testCreatorMessages.clozeInstruction : question.text}`,
          bold: true,
        },
        { text: pointsLabel(question.points), width: 'auto', fontSize: 9, color: '#475569' },
      ],
      columnGap: 8,
      margin: [0, 0, 0, 3],
    },
    ...resourcesOf(test, question).map((resource) => resourceBlock(resource, imageSizes)),
  ];
  if (question.type === 'multiple-choice') stack.push(...multipleChoice(question, solution));
  if (question.type === 'cloze') stack.push(cloze(question, solution));
  if (question.type === 'matching') stack.push(matching(question, solution));
  if (question.type === 'open') {
    stack.push(
      solution
        ? {
            stack: [
              { text: 'Erwartungshorizont:', bold: true, fontSize: 9 },
              { text: question.correctionTemplate || '—' },
            ],
            margin: [8, 0, 0, 4],
          }
        : answerLines(4),
    );
  }
  return { stack, margin: [0, 6, 0, 6], unbreakable: stack.length < 8 };
}

/**
 * The test (or with `solution` its answer key, the 'Lösungsblatt') as a pdfmake document: real vector text
 * with the header, questions, resources and answer areas of the preview, in the preview's matching order.
 */
export function buildTestDocument(
  test: SavedTest,
  options: { solution: boolean; imageSizes?: ImageSizes },
): TDocumentDefinitions {
  const imageSizes = options.imageSizes ?? {};
  const title = test.title.trim() || testCreatorMessages.untitled;
  const meta = [
    `Fach: ${test.subject}`,
    `Klasse: ${test.grade}`,
    `Dauer: ${countOf(test.duration, 'Minute', 'Minuten')}`,
    `Gesamt: ${pointsLabel(totalPoints(test))}`,
  ].join('   ·   ');
  const header: Content[] = [
    {
      text: options.solution ? `${testCreatorMessages.solutionSheet}: ${title}` : title,
      fontSize: 16,
      bold: true,
    },
    { text: meta, fontSize: 9, color: '#334155', margin: [0, 3, 0, 0] },
  ];
  if (test.topic.trim())
    header.push({ text: `Thema: ${test.topic.trim()}`, fontSize: 9, margin: [0, 2, 0, 0] });
  if (test.learningObjectives.trim()) {
    header.push({ text: `Lernziele: ${test.learningObjectives.trim()}`, fontSize: 9, margin: [0, 2, 0, 0] });
  }
  if (!options.solution) {
    header.push({ text: `Name: ${'_'.repeat(30)}      Datum: ${'_'.repeat(16)}`, margin: [0, 10, 0, 0] });
  }
  header.push({
    canvas: [{ type: 'line', x1: 0, y1: 6, x2: contentWidth, y2: 6, lineWidth: 1, lineColor: '#334155' }],
    margin: [0, 0, 0, 6],
  });

  const loose = unattachedResources(test);
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: pdfPageMarginPt,
    info: { title: options.solution ? `${testCreatorMessages.solutionSheet} – ${title}` : title },
    defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.2 },
    content: [
      ...header,
      ...(loose.length ? [{ text: 'Materialien', bold: true, margin: [0, 4, 0, 2] } as Content] : []),
      ...loose.map((resource) => resourceBlock(resource, imageSizes)),
      ...test.questions.map((question, index) =>
        questionBlock(test, question, index, options.solution, imageSizes),
      ),
    ],
  };
}

export function pdfFileName(test: SavedTest, solution: boolean): string {
  const base = (test.title.trim() || 'Test')
    .replace(/[\\/:*?"<>|]+/g, '')
    .replace(/\s+/g, '_')
    .slice(0, 80);
  return `${base}${solution ? '_Loesungsblatt' : ''}.pdf`;
}
