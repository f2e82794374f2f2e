import { Link } from 'react-router';
import { Award, Building2, Code2, Handshake, Lightbulb, Rocket, School, Trophy, Users } from 'lucide-react';
import { marketingTimings } from '@korrigo/domain/timings';
import { DocumentTitle } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { company } from '../content/company';
import { Carousel, type Slide } from './carousel';
import { OfficeMapSection } from './office-map-section';
import { PageHero, Section } from './section';

const milestones = [
  {
    year: '2023',
    title: 'Die Idee',
    text: 'Zwei Schüler aus Jena warten wieder einmal wochenlang auf eine korrigierte Klassenarbeit – und fragen sich, ob KI Lehrkräften dabei helfen kann. Ein erster Prototyp entsteht nach dem Unterricht.',
  },
  {
    year: '2024',
    title: 'Die Gründung',
    text: `Aus dem Schulprojekt wird ein Unternehmen: ${company.name} wird ${company.founded} in Jena gegründet. Die erste Version bewertet getippte Texte, bald darauf auch Handschrift.`,
  },
  {
    year: '2025',
    title: 'Wettbewerbe und Partnerschulen',
    text: 'Korrigo gewinnt mehrere Wettbewerbe, und die ersten Partnerschulen in Thüringen setzen Korrigo im Unterricht ein.',
  },
];

function StorySlide({ icon: Icon, title, text }: { icon: typeof Lightbulb; title: string; text: string }) {
  return (
    <div className="flex h-64 flex-col justify-center gap-3 bg-primary-50 px-16 py-8 sm:h-72 sm:px-20">
      <Icon aria-hidden="true" className="size-8 text-primary-700" />
      <h3 className="text-xl font-semibold text-slate-900">{title}</h3>
      <p className="max-w-xl text-slate-700">{text}</p>
    </div>
  );
}

const slides: Slide[] = [
  {
    id: 'idea',
    label: 'Die Idee',
    content: (
      <StorySlide
        icon={Lightbulb}
        title="Die Idee im Klassenzimmer"
        text="Korrekturen dauern zu lange – für Lehrkräfte und für alle, die auf ihr Feedback warten."
      />
    ),
  },
  {
    id: 'prototype',
    label: 'Der Prototyp',
    content: (
      <StorySlide
        icon={Code2}
        title="Der erste Prototyp"
        text="Programmiert nach der Schule, getestet mit echten Aufsätzen aus dem eigenen Jahrgang."
      />
    ),
  },
  {
    id: 'founding',
    label: 'Die Gründung',
    content: (
      <StorySlide
        icon={Rocket}
        title="Gründung in Jena"
        text={`${company.founded} wird aus dem Projekt ein Unternehmen – mit dem Ziel, Lehrkräften Zeit zurückzugeben.`}
      />
    ),
  },
  {
    id: 'schools',
    label: 'Partnerschulen',
    content: (
      <StorySlide
        icon={School}
        title="Im Unterricht angekommen"
        text="Partnerschulen in Thüringen nutzen Korrigo und helfen uns, es jeden Monat besser zu machen."
      />
    ),
  },
];

const competitions = [
  { icon: Trophy, title: 'Landeswettbewerb für Schülerfirmen', text: '1. Platz, 2025' },
  { icon: Award, title: 'Innovationspreis Bildung Thüringen', text: 'Auszeichnung, 2025' },
  { icon: Award, title: 'Gründungswettbewerb Jena', text: 'Publikumspreis, 2025' },
];

const founders = [
  {
    initials: 'LB',
    name: 'Leon B.',
    role: 'Mitgründer · Technik und KI',
    text: 'Baut die Korrektur-KI und achtet darauf, dass jede Bewertung nachvollziehbar bleibt.',
  },
  {
    initials: 'JK',
    name: 'Jonas K.',
    role: 'Mitgründer · Produkt und Schulen',
    text: 'Spricht mit Lehrkräften und Schulen und sorgt dafür, dass Korrigo in den Schulalltag passt.',
  },
];

export function AboutPage() {
  return (
    <>
      <DocumentTitle title="Über uns" />
      <PageHero
        eyebrow="Über uns"
        title="Von Schülern für Schulen"
        lead={`${company.name} ist ein junges Start-up aus Jena, ${company.founded} von zwei Schülern gegründet. Wir wollen, dass Lehrkräfte weniger Zeit mit Korrigieren verbringen und mehr mit ihren Klassen.`}
      />

      <Section id="geschichte" eyebrow="Unsere Geschichte" title="Wie alles begann">
        <div className="grid gap-10 lg:grid-cols-2">
          <ol className="flex flex-col gap-6">
            {milestones.map((m) => (
              <li key={m.year} className="flex gap-4">
                <span className="flex h-8 shrink-0 items-center rounded-full bg-primary-700 px-3 text-sm font-semibold text-white">
                  {m.year}
                </span>
                <div className="flex flex-col gap-1">
                  <h3 className="font-semibold text-slate-900">{m.title}</h3>
                  <p className="text-sm leading-relaxed text-slate-600">{m.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <Carousel
            label="Stationen von Korrigo"
            slides={slides}
            intervalMs={marketingTimings.aboutCarouselMs}
            withArrows
          />
        </div>
      </Section>

      <Section id="auszeichnungen" eyebrow="Wettbewerbe" title="Ausgezeichnet" tinted>
        <ul className="grid gap-5 md:grid-cols-3">
          {competitions.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="flex h-full items-start gap-4 p-6">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-primary-700" />
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="text-sm text-slate-600">{text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="team" eyebrow="Team" title="Die Gründer">
        <ul className="grid gap-5 md:grid-cols-2">
          {founders.map((f) => (
            <li key={f.name}>
              <Card className="flex h-full gap-4 p-6">
                <span
                  aria-hidden="true"
                  className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary-100 text-lg font-semibold text-primary-800"
                >
                  {f.initials}
                </span>
                <div className="flex flex-col gap-1">
                  <h3 className="font-semibold text-slate-900">{f.name}</h3>
                  <p className="text-sm font-medium text-primary-800">{f.role}</p>
                  <p className="text-sm leading-relaxed text-slate-600">{f.text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="standort" eyebrow="Standort" title={`So findest du uns in ${company.city}`} tinted>
        <OfficeMapSection />
      </Section>

      <Section id="partner" eyebrow="Partner" title="Partnerschulen und Unterstützer">
        <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
          <Handshake aria-hidden="true" className="size-8 shrink-0 text-primary-700" />
          <p className="flex-1 text-slate-700">
            Hier stellen wir bald unsere Partnerschulen in Thüringen und unsere Unterstützer vor. Deine Schule
            möchte dabei sein? Wir freuen uns auf deine Nachricht.
          </p>
          <Button variant="secondary" asChild>
            <Link to="/contact">Partner werden</Link>
          </Button>
        </Card>
      </Section>

      <section aria-labelledby="about-cta" className="pb-16">
        <div className="mx-auto flex w-full max-w-6xl flex-col items-start gap-4 px-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div className="flex items-center gap-3">
            <Users aria-hidden="true" className="size-6 text-primary-700" />
            <h2 id="about-cta" className="text-xl font-semibold text-slate-900">
              Lerne Korrigo kennen
            </h2>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/demo">Demo ansehen</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/contact">
                <Building2 aria-hidden="true" />
                Kontakt aufnehmen
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
