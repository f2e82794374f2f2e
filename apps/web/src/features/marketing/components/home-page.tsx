import { Link } from 'react-router';
import {
  BarChart3,
  BrainCircuit,
  CheckCircle2,
  FileText,
  GraduationCap,
  Languages,
  LayoutDashboard,
  MessagesSquare,
  PenLine,
  School,
  ScanText,
  ShieldCheck,
  Timer,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import { marketingTimings } from '@korrigo/domain/timings';
import { DocumentTitle } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CallToAction } from './call-to-action';
import { Carousel } from './carousel';
import { Counter } from './counter';
import { LazyChart } from './lazy-chart';
import { productSlides } from './product-slides';
import { Section } from './section';
import { Testimonials } from './testimonials';

type Item = { icon: LucideIcon; title: string; text: string };

const promises: Item[] = [
  {
    icon: Timer,
    title: 'Schnell',
    text: 'Eine Arbeit ist in Minuten bewertet statt in einer halben Stunde.',
  },
  {
    icon: CheckCircle2,
    title: 'Genau',
    text: 'Etwa 93,3 % Übereinstimmung mit der Bewertung von Fachlehrkräften.',
  },
  {
    icon: ShieldCheck,
    title: 'DSGVO-konform',
    text: 'Entwickelt in Jena, gebaut nach europäischem Datenschutzrecht.',
  },
  {
    icon: LayoutDashboard,
    title: 'Anbindung an Lernplattformen',
    text: 'Für Schulen mit Enterprise: Integration in euer LMS.',
  },
];

const steps: Item[] = [
  {
    icon: Upload,
    title: 'Hochladen',
    text: 'Foto, Scan, PDF, Word-Datei oder getippter Text – einzeln oder als Stapel.',
  },
  {
    icon: BrainCircuit,
    title: 'Bewerten lassen',
    text: 'Korrigo liest die Arbeit, vergibt Punkte je Aufgabe und markiert Fehler.',
  },
  {
    icon: PenLine,
    title: 'Prüfen und teilen',
    text: 'Du passt an, was du anders siehst, und gibst das Feedback weiter.',
  },
];

const processSteps = [
  ['Texterkennung', 'Handschrift und Scans werden in Text umgewandelt.'],
  ['Gliederung', 'Die Arbeit wird in Aufgaben und Teilaufgaben zerlegt.'],
  ['Bewertung', 'Punkte nach Erwartungshorizont oder eigenen Kriterien.'],
  ['Sprachprüfung', 'Rechtschreibung, Grammatik und Zeichensetzung mit Fundstelle.'],
  ['Notenvorschlag', 'Nach der deutschen Notenskala von 1 bis 6.'],
] as const;

const features: Item[] = [
  { icon: ScanText, title: 'Handschrift lesen', text: 'Texterkennung für Fotos und Scans, auch mehrseitig.' },
  { icon: FileText, title: 'Fehler mit Fundstelle', text: 'Jeder Abzug ist im Text markiert und begründet.' },
  {
    icon: GraduationCap,
    title: 'Noten nach KMK-Skala',
    text: 'Von 1 bis 6 mit Plus und Minus, nachvollziehbar berechnet.',
  },
  { icon: MessagesSquare, title: 'KI-Begleiter', text: 'Fragen zum Ergebnis direkt im Chat klären.' },
  {
    icon: BarChart3,
    title: 'Statistiken',
    text: 'Sieh, wo deine Klasse steht und was sie noch üben sollte.',
  },
  {
    icon: Languages,
    title: 'Vier Sprachen',
    text: 'Arbeiten werden in vier Sprachen bewertet – auch im Fremdsprachenunterricht.',
  },
];

const partners = [
  'Gymnasium in Jena',
  'Regelschule in Weimar',
  'Gemeinschaftsschule in Erfurt',
  'Berufsbildende Schule in Gera',
];

function IconItem({ item }: { item: Item }) {
  const Icon = item.icon;
  return (
    <div className="flex flex-col gap-3">
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h3 className="text-base font-semibold text-slate-900">{item.title}</h3>
      <p className="text-sm leading-relaxed text-slate-600">{item.text}</p>
    </div>
  );
}

export function HomePage() {
  return (
    <>
      <DocumentTitle />
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <p className="text-sm font-semibold text-primary-700">KI-gestützte Korrektur für Schulen</p>
            <h1 className="text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
              Tests korrigieren in Minuten statt Stunden
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-slate-600">
              Korrigo bewertet handschriftliche und digitale Arbeiten, markiert Fehler mit Begründung und
              schlägt eine Note vor. Du behältst das letzte Wort – und gewinnst Zeit für deine Schülerinnen
              und Schüler.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button size="lg" asChild>
                <Link to="/signup">Kostenlos registrieren</Link>
              </Button>
              <Button size="lg" variant="secondary" asChild>
                <Link to="/demo">Demo ansehen</Link>
              </Button>
            </div>
            <div className="grid grid-cols-3 gap-4 border-t border-slate-200 pt-6">
              <Counter value={16} label="Fächer" />
              <Counter value={4} label="Sprachen" />
              <Counter value={3} label="KI-Modelle zur Auswahl" />
            </div>
          </div>
          <Carousel
            label="Einblicke in Korrigo"
            slides={productSlides}
            intervalMs={marketingTimings.homeSlideshowMs}
          />
        </div>
      </div>

      <Section id="zahlen" eyebrow="In Zahlen" title="Mehr Zeit fürs Unterrichten">
        <div className="grid gap-5 sm:grid-cols-3">
          <Card className="p-6">
            <Counter value={93.3} decimals={1} suffix=" %" label="Übereinstimmung mit Fachlehrkräften" />
          </Card>
          <Card className="p-6">
            <Counter value={15} suffix="x" label="schneller korrigiert" />
          </Card>
          <Card className="p-6">
            <Counter value={95} suffix=" %" label="mehr Lerneffizienz nach zwölf Monaten" />
          </Card>
        </div>
      </Section>

      <Section id="vorteile" eyebrow="Warum Korrigo" title="Gebaut für den Schulalltag" tinted>
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {promises.map((item) => (
            <IconItem key={item.title} item={item} />
          ))}
        </div>
      </Section>

      <Section id="so-gehts" eyebrow="So funktioniert’s" title="In drei Schritten zur fertigen Korrektur">
        <ol className="grid gap-5 md:grid-cols-3">
          {steps.map((step, i) => {
            const Icon = step.icon;
            return (
              <li key={step.title}>
                <Card className="flex h-full flex-col gap-3 p-6">
                  <div className="flex items-center gap-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-primary-700 text-sm font-semibold text-white">
                      {i + 1}
                    </span>
                    <Icon aria-hidden="true" className="size-5 text-primary-700" />
                  </div>
                  <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
                  <p className="text-sm leading-relaxed text-slate-600">{step.text}</p>
                </Card>
              </li>
            );
          })}
        </ol>
      </Section>

      <Section
        id="ablauf"
        eyebrow="Hinter den Kulissen"
        title="Was mit einer Arbeit passiert"
        lead="Jede Korrektur durchläuft dieselben Schritte – nachvollziehbar und für dich jederzeit überprüfbar."
        tinted
      >
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {processSteps.map(([title, text], i) => (
            <li key={title} className="flex flex-col gap-2 border-l-2 border-primary-200 pl-4">
              <span className="text-xs font-semibold text-primary-700">Schritt {i + 1}</span>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="wirkung"
        eyebrow="Wirkung"
        title="Weniger Korrekturzeit, mehr Lernfortschritt"
        lead="So verändert sich die Arbeitswoche einer Lehrkraft und der Lernfortschritt einer Klasse."
      >
        <div className="grid gap-5 lg:grid-cols-2">
          <LazyChart
            kind="hours"
            title="Stunden pro Woche"
            description="Arbeitszeit einer Lehrkraft mit und ohne Korrigo"
          />
          <LazyChart
            kind="efficiency"
            title="Lerneffizienz über zwölf Monate"
            description="Zuwachs gegenüber dem Ausgangswert in Prozent"
          />
        </div>
        <p className="mt-4 text-sm text-slate-600">
          Mehr Auswertungen findest du unter{' '}
          <Link to="/features" className="font-medium text-primary-800 underline underline-offset-2">
            Funktionen
          </Link>
          .
        </p>
      </Section>

      <Section id="funktionen" eyebrow="Funktionen" title="Alles, was eine gute Korrektur braucht" tinted>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((item) => (
            <li key={item.title}>
              <Card className="h-full p-6">
                <IconItem item={item} />
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="ki"
        eyebrow="KI-Technologie"
        title="Eine KI, die wie eine Lehrkraft bewertet"
        lead="Korrigo verbindet Texterkennung, Sprachprüfung und ein Sprachmodell, das auf deutsche Bewertungsmaßstäbe ausgerichtet ist."
      >
        <div className="grid gap-5 md:grid-cols-3">
          {[
            [
              'Nachvollziehbar',
              'Jeder Punktabzug nennt Fundstelle, Begründung und einen Verbesserungsvorschlag.',
            ],
            ['Geschützt', 'Versteckte Anweisungen in einer Arbeit werden erkannt und ignoriert.'],
            [
              'Unter deiner Kontrolle',
              'Die KI schlägt vor, du entscheidest. Jede Bewertung lässt sich ändern.',
            ],
          ].map(([title, text]) => (
            <Card key={title} className="p-6">
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </Card>
          ))}
        </div>
      </Section>

      <Testimonials tinted />

      <CallToAction />

      <Section id="partner" eyebrow="Partner" title="Partnerschulen in Thüringen" tinted center>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {partners.map((partner) => (
            <li
              key={partner}
              className="flex items-center gap-3 rounded-card border border-slate-200 bg-canvas p-4 text-sm font-medium text-slate-700"
            >
              <School aria-hidden="true" className="size-5 text-primary-700" />
              {partner}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
