import { Quote } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { testimonials } from '../content/testimonials';
import { Section } from './section';

export function Testimonials({ tinted }: { tinted?: boolean }) {
  return (
    <Section
      id="stimmen"
      eyebrow="Erfahrungen"
      title="Was Lehrkräfte, Schülerinnen und Schüler sagen"
      tinted={tinted}
    >
      <ul className="grid gap-5 md:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.name}>
            <Card className="h-full">
              <figure className="flex h-full flex-col gap-4 p-6">
                <Quote aria-hidden="true" className="size-6 text-primary-600" />
                <blockquote className="flex-1 text-slate-700">„{t.quote}“</blockquote>
                <figcaption className="text-sm">
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="text-slate-600">{t.role}</span>
                </figcaption>
              </figure>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
