import { defineTest } from '../corpus';

// Oberstufe English essay without any label; key with criteria and VP; English language errors.
export default defineTest({
  subject: 'Englisch',
  class: 12,
  title: 'Comment: Should voting age be lowered to 16?',
  features: ['english', 'no-label', 'notation-VP', 'spelling', 'names-formulas', 'total-line'],
  key: `
Englisch Q2 – Klausur – Comment – Erwartungshorizont

Write a comment: Should the voting age in national elections be lowered to 16? (about 250 words)

Content (10 VP)
- introduction leading to the question (2 VP)
- at least two arguments for lowering the voting age, with examples (3 VP)
- at least two arguments against, with examples (3 VP)
- conclusion with own opinion that follows from the arguments (2 VP)
Language (10 VP)
- range of vocabulary, linking words (5 VP)
- correctness (5 VP)

Total: 20 VP
`,
  answer: `
In 2019, millions of young people took part in the Fridays for Future protests, although most of them were not allowed to vote. This raises the question whether the voting age should be lowered to 16.

On the one hand, young people are affected by political decisions for the longest time, for example when it comes to climate change or pensions. In Austria, 16-year-olds have been able to vote since 2007, and studies show that they vote just as responsible as older voters. Furthermore, if teenagers vote for the first time while they are still at school, they can discuss the elections in class, which could make them more interested in politics.

On the other hand, many critics argue that 16-year-olds are not mature enough and could be influenced easily by their parents or by social media like TikTok. Moreover, in most countries you are not allowed to sign a contract before you are 18, so it seems strange that you should decide who govern the country.

All in all, I think that the advantages outweight the disadvantages. Lowering the voting age would give young people a voice, and schools could prepare them better for this responsibility.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'content', points: 9, max: 10, note: 'vollständig, Argumente belegt' },
      { task: '1', sub: 'language', points: 7, max: 10, note: 'guter Wortschatz, drei Fehler' },
    ],
    grade: 3,
    errors: [
      { quote: 'just as responsible as', kind: 'language', note: 'responsibly' },
      { quote: 'who govern the country', kind: 'language', note: 'governs' },
      { quote: 'outweight', kind: 'language', note: 'outweigh' },
    ],
    nonErrors: [
      { quote: 'Fridays for Future' },
      { quote: 'TikTok' },
      { quote: '16-year-olds', occurrence: 1 },
      { quote: 'Austria' },
    ],
  },
});
