import { defineTest } from '../corpus';

// Reading comprehension in English: paraphrases earn credit, a negation must not.
export default defineTest({
  subject: 'Englisch',
  class: 9,
  title: 'Reading comprehension – Mark Zuckerberg',
  features: ['english', 'paraphrase', 'negation', 'wrong-fact', 'multiple-choice', 'names-formulas'],
  key: `
Englisch 9 – Klassenarbeit Nr. 1 – Erwartungshorizont (Text: "From a dorm room to the world")

Task 1 – True or false? Correct the false statements. (4 P)
a) Facebook was founded in 2004. – true (1 P)
b) At first, only Harvard students could use the site. – true (1 P)
c) Zuckerberg finished his studies at Harvard before he founded the company. – false (1 P): he dropped out of Harvard (1 P)

Task 2 – Answer the question in your own words. (4 P)
Why did the site grow so fast?
students could connect with friends easily (1 P), it spread to other universities (1 P), later everybody over 13 could join (1 P), it was free (1 P)

Task 3 – Choose the right answer. (1 P)
The word "dorm" in line 3 means: (A) a lecture hall (B) a student residence (C) a library
B
`,
  answer: `
Task 1
a) true
b) true
c) false – He didn't finish his studies because he left Harvard to work on Facebook.

Task 2
The site grew so fast because it was easy for students to find their friends and stay in contact with them. Soon students at other universities wanted to use it too. It also didn't cost any money. But it was not open for people outside universities.

Task 3
(B) a student residence
`,
  gold: {
    subtasks: [
      { task: '1', points: 4, max: 4 },
      {
        task: '2',
        points: 3,
        max: 4,
        note: 'drei Aspekte umschrieben; „not open for people outside universities“ falsch (seit 2006 für alle ab 13)',
      },
      { task: '3', points: 1, max: 1 },
    ],
    grade: 2,
    errors: [
      {
        quote: 'But it was not open for people outside universities.',
        kind: 'content',
        note: 'later everybody over 13 could join',
      },
    ],
    nonErrors: [
      { quote: "didn't finish" },
      { quote: 'Harvard' },
      { quote: "didn't cost" },
      { quote: '(B) a student residence' },
    ],
  },
});
