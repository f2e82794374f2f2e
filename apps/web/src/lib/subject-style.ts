import {
  Atom,
  BookOpen,
  BookText,
  Dumbbell,
  FlaskConical,
  Globe2,
  Landmark,
  Languages,
  Leaf,
  Music,
  Palette,
  Scale,
  Sigma,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

export type SubjectStyle = {
  icon: LucideIcon;
  /** a light badge with dark text */
  className: string;
  /** the same hue, strong: a course card's colour strip (decoration, so no text on it) */
  stripClassName: string;
};

/**
 * spec 001 §2, §9: courses show a colour and an icon for these subjects; every other subject is blue with a book.
 * The colours are light badges with dark text, so the names stay readable (contrast AA).
 */
const styles: Record<string, SubjectStyle> = {
  Mathematik: { icon: Sigma, className: 'bg-indigo-100 text-indigo-800', stripClassName: 'bg-indigo-500' },
  Deutsch: { icon: BookText, className: 'bg-amber-100 text-amber-900', stripClassName: 'bg-amber-500' },
  Englisch: { icon: Languages, className: 'bg-rose-100 text-rose-800', stripClassName: 'bg-rose-500' },
  Biologie: { icon: Leaf, className: 'bg-green-100 text-green-800', stripClassName: 'bg-green-500' },
  Chemie: { icon: FlaskConical, className: 'bg-purple-100 text-purple-800', stripClassName: 'bg-purple-500' },
  Physik: { icon: Atom, className: 'bg-cyan-100 text-cyan-900', stripClassName: 'bg-cyan-500' },
  Geschichte: { icon: Landmark, className: 'bg-orange-100 text-orange-900', stripClassName: 'bg-orange-500' },
  Politik: { icon: Scale, className: 'bg-slate-200 text-slate-800', stripClassName: 'bg-slate-500' },
  Kunst: { icon: Palette, className: 'bg-pink-100 text-pink-800', stripClassName: 'bg-pink-500' },
  Musik: { icon: Music, className: 'bg-violet-100 text-violet-800', stripClassName: 'bg-violet-500' },
  Sport: { icon: Dumbbell, className: 'bg-lime-100 text-lime-900', stripClassName: 'bg-lime-500' },
  Geografie: { icon: Globe2, className: 'bg-teal-100 text-teal-800', stripClassName: 'bg-teal-500' },
  Sozialkunde: { icon: Users, className: 'bg-yellow-100 text-yellow-900', stripClassName: 'bg-yellow-500' },
};

export const defaultSubjectStyle: SubjectStyle = {
  icon: BookOpen,
  className: 'bg-blue-100 text-blue-800',
  stripClassName: 'bg-blue-500',
};

export const subjectStyle = (subject: string): SubjectStyle => styles[subject] ?? defaultSubjectStyle;
