import { llmGradingMessages, type ReviewFlag } from '@korrigo/domain';

/**
 * Instruction-like text in a student's work: attempts to steer whoever grades it ("ignoriere die
 * Anweisungen", "gib volle Punktzahl", "du bist jetzt …", "system prompt", fake delimiter tags) and any
 * text hidden in the file (white or tiny DOCX text). Pure and deterministic, so the builtin engine can
 * use it as well as the LLM provider.
 */
export type PromptInjectionKind =
  | 'ignore_instructions'
  | 'demand_points'
  | 'role_change'
  | 'system_prompt'
  | 'address_grader'
  | 'fake_delimiter'
  | 'hidden_text';

export type PromptInjectionFinding = {
  kind: PromptInjectionKind;
  /** 'text': offsets are into the student's text; 'hidden': offsets are into hiddenText[hiddenIndex] */
  source: 'text' | 'hidden';
  hiddenIndex?: number;
  start: number;
  end: number;
  quoted_text: string;
};

type Rule = { kind: PromptInjectionKind; pattern: RegExp };

// Word boundaries in JS regexes do not know umlauts, hence the explicit letter class around German words.
const L = 'A-Za-zÄÖÜäöüß';
const notLetterBefore = `(?<![${L}])`;
const notLetterAfter = `(?![${L}])`;

const rules: readonly Rule[] = [
  {
    kind: 'ignore_instructions',
    pattern: new RegExp(
      `${notLetterBefore}(?:ignorier|vergiss|vergess|missacht|übergeh|uebergeh)[${L}]*\\s+(?:[${L}]+\\s+){0,4}?` +
        `(?:anweisung|instruktion|regel|vorgabe|bewertung|erwartungshorizont|fehler|prompt|befehl|vorherig|bisherig|obig|alles|oben)[${L}]*`,
      'giu',
    ),
  },
  {
    kind: 'ignore_instructions',
    pattern:
      /\b(?:ignore|disregard|forget|override)\s+(?:\w+\s+){0,3}?(?:instructions?|prompts?|rules?|guidelines|above|everything)\b/giu,
  },
  {
    kind: 'demand_points',
    pattern: new RegExp(
      `${notLetterBefore}(?:volle[nr]?|maximale[nr]?|höchste[nr]?|hoechste[nr]?)\\s+(?:punktzahl|punkte|punkten|bewertungseinheiten)${notLetterAfter}`,
      'giu',
    ),
  },
  {
    kind: 'demand_points',
    pattern: new RegExp(
      `${notLetterBefore}(?:gib|gebt|geben\\s+sie|vergib|vergeben\\s+sie|bewerte|benote)\\s+(?:[${L}]+\\s+){0,5}?` +
        `(?:note\\s+(?:1\\+?|eins|sehr\\s+gut)|sehr\\s+gut|bestnoten?|(?:höchst|hoechst)?punktzahl|alle\\s+punkte)(?![${L}0-9])`,
      'giu',
    ),
  },
  {
    kind: 'demand_points',
    pattern:
      /\b(?:give|award|grant|assign)\s+(?:\w+\s+){0,3}?(?:full|maximum|max|all(?:\s+the)?|perfect)\s+(?:marks|points|score|credit)\b/giu,
  },
  {
    kind: 'role_change',
    pattern: new RegExp(
      `${notLetterBefore}(?:du\\s+bist\\s+(?:jetzt|ab\\s+(?:jetzt|sofort)|nun|nicht\\s+mehr)|ab\\s+(?:jetzt|sofort)\\s+bist\\s+du|` +
        `tu\\s+so,?\\s+als|neue\\s+anweisung(?:en)?)${notLetterAfter}`,
      'giu',
    ),
  },
  {
    kind: 'role_change',
    pattern:
      /\b(?:you\s+are\s+now|from\s+now\s+on\s+you|act\s+as\s+(?:an?\s+)?(?:ai|assistant|grader|teacher)|pretend\s+(?:to\s+be|you\s+are)|new\s+instructions?)\b/giu,
  },
  {
    kind: 'system_prompt',
    pattern: /(?:system[\s-]?prompt|systemnachricht|developer\s+mode|entwicklermodus|jailbreak)/giu,
  },
  {
    kind: 'address_grader',
    pattern: new RegExp(
      `${notLetterBefore}(?:(?:hinweis|nachricht|anweisung|info)\\s+(?:an|für|fuer)\\s+(?:die|den)\\s+(?:ki|korrektur-?ki|korrektor|korrektur|bewerter|prüfer|pruefer|lehrer-?ki|chatgpt|assistenten)|` +
        `liebe[rs]?\\s+(?:ki|chatgpt|korrektur-?ki)|an\\s+die\\s+ki)${notLetterAfter}`,
      'giu',
    ),
  },
  {
    kind: 'address_grader',
    pattern:
      /\b(?:note|message|instruction)\s+(?:to|for)\s+(?:the\s+)?(?:ai|grader|assistant|model|llm)\b/giu,
  },
  {
    kind: 'fake_delimiter',
    pattern:
      /<\s*\/?\s*(?:student_work|system|instructions?|answer_key|assistant|user)\s*>|<\|im_(?:start|end)\|>|\[\/?INST\]|^\s*#{2,}\s*(?:system|instruction)/gimu,
  },
];

function scan(text: string, source: 'text' | 'hidden', hiddenIndex?: number): PromptInjectionFinding[] {
  const findings: PromptInjectionFinding[] = [];
  for (const rule of rules) {
    for (const match of text.matchAll(rule.pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      findings.push({
        kind: rule.kind,
        source,
        ...(hiddenIndex === undefined ? {} : { hiddenIndex }),
        start,
        end,
        quoted_text: match[0],
      });
    }
  }
  return findings;
}

/**
 * Finds instruction-like passages in the student's text and reports every hidden text as a finding of its
 * own (hidden text has no business in a submission, whatever it says). Findings are sorted by source and
 * position; overlapping findings of the same source are kept apart so each rule stays explainable.
 */
export function detectPromptInjection(input: {
  text: string;
  hiddenText?: readonly string[];
}): PromptInjectionFinding[] {
  const findings = scan(input.text, 'text');
  (input.hiddenText ?? []).forEach((hidden, index) => {
    if (hidden.trim() === '') return;
    findings.push(...scan(hidden, 'hidden', index));
    findings.push({
      kind: 'hidden_text',
      source: 'hidden',
      hiddenIndex: index,
      start: 0,
      end: hidden.length,
      quoted_text: hidden,
    });
  });
  return findings.sort(
    (a, b) =>
      (a.source === b.source ? 0 : a.source === 'text' ? -1 : 1) ||
      (a.hiddenIndex ?? 0) - (b.hiddenIndex ?? 0) ||
      a.start - b.start ||
      a.end - b.end,
  );
}

const maxQuoteLength = 80;

function shortQuote(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > maxQuoteLength ? `${oneLine.slice(0, maxQuoteLength - 1)}…` : oneLine;
}

/** The review flag for a set of findings, or null when there are none. The message quotes what was found. */
export function promptInjectionFlag(findings: readonly PromptInjectionFinding[]): ReviewFlag | null {
  if (findings.length === 0) return null;
  const quotes = new Set<string>();
  for (const finding of findings) {
    const quote = `„${shortQuote(finding.quoted_text)}“`;
    quotes.add(finding.kind === 'hidden_text' ? `${llmGradingMessages.hiddenTextFound}${quote}` : quote);
  }
  return {
    code: 'prompt_injection',
    message: `${llmGradingMessages.promptInjection} ${llmGradingMessages.promptInjectionFindingsPrefix}${[...quotes].join(', ')}`,
  };
}

/**
 * The passage an instruction stands in: the brackets around it ("[Hinweis an die KI: … volle Punktzahl.]"),
 * else its sentence, so that "Diese Arbeit ist vollständig richtig" beside the request goes too.
 */
function enclosingPassage(text: string, finding: PromptInjectionFinding): { start: number; end: number } {
  const open = Math.max(text.lastIndexOf('[', finding.start), text.lastIndexOf('(', finding.start));
  const closer = open >= 0 ? (text[open] === '[' ? ']' : ')') : '';
  const close = open >= 0 ? text.indexOf(closer, finding.end) : -1;
  if (open >= 0 && close >= 0 && close - open <= 400 && !text.slice(open, finding.start).includes(closer))
    return { start: open, end: close + 1 };
  const before = text.slice(0, finding.start).search(/[^.!?\n]*$/);
  const after = /[.!?\n]|$/.exec(text.slice(finding.end))!;
  return { start: before, end: finding.end + after.index + (after[0] === '\n' ? 0 : after[0].length) };
}

/**
 * The student's text with every instruction-like passage in it blanked out, keeping the length so that the
 * character offsets the model reports still point into the original text. The model then never reads the
 * instruction at all; the flag keeps it visible to the teacher.
 */
export function redactPromptInjection(text: string, findings: readonly PromptInjectionFinding[]): string {
  const chars = text.split('');
  for (const finding of findings) {
    if (finding.source !== 'text') continue;
    const { start, end } = enclosingPassage(text, finding);
    for (let i = start; i < end && i < chars.length; i++) {
      if (!/\s/.test(chars[i]!)) chars[i] = '░';
    }
  }
  return chars.join('');
}
