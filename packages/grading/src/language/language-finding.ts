type LanguageCategory = 'spelling' | 'grammar' | 'style';

/** One language finding with exact offsets into the text that was checked. */
export type LanguageFinding = {
  category: LanguageCategory;
  /** the rule that found it, e.g. spelling, das-dass, comma-conjunction */
  rule: string;
  title: string;
  message: string;
  suggestion: string;
  severity: 'minor' | 'moderate' | 'improvement' | 'info';
  start: number;
  end: number;
  quoted: string;
};
