/**
 * A scan's reading breaks its lines where the sheet's lines end ("… dann bekommt sie aber weniger⏎
 * Kohlenstoffdioxyd."); a typed copy of the same answer does not. The scorer reads a line break as the end of
 * a statement (a list item, a formula line), so the same answer was graded differently typed and scanned.
 *
 * A line break continues the sentence where the line before is at least this long: lines of a list
 * ("obere Epidermis⏎Palisadengewebe") and short statements each on their own line stay apart.
 */
const wrappedLine = 40;

const formula = /[=→⟶⇒]|->/;
const listItem = /^[ \t]*(?:[-–•*]|\d+[.)]|\p{L}\))/u;

/**
 * The text with each line break inside a sentence turned into a space (same length, so offsets into it are
 * offsets into `text`). A break is a wrap where the line before has at least `wrappedLine` characters, ends
 * with no sentence mark or colon (a comma may stand before the break), and neither line is a formula (an
 * equation line is a statement of its own) nor does the next start a list item ("- ", "2)", "b)"). A blank
 * line always ends a paragraph.
 */
export function unwrapLines(text: string): string {
  const lines = text.split('\n');
  let out = '';
  lines.forEach((line, i) => {
    out += line;
    if (i === lines.length - 1) return;
    const next = lines[i + 1]!;
    const wraps =
      line.trim().length >= wrappedLine &&
      /[\p{L}\d,)]\s*$/u.test(line) &&
      next.trim().length > 0 &&
      !formula.test(line) &&
      !formula.test(next) &&
      !listItem.test(next);
    out += wraps ? ' ' : '\n';
  });
  return out;
}
