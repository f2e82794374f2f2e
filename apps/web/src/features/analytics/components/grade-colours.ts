/** Grades 1 to 6 from green to red (the hues of the grade classes, spec 001 §9), dark enough on white. */
export const gradeColours = ['#15803d', '#0f766e', '#0369a1', '#b45309', '#c2410c', '#b91c1c'] as const;
