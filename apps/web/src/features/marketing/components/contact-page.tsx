import { Link } from 'react-router';
import { Clock, HelpCircle, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { DocumentTitle } from '@/components/page';
import { Card } from '@/components/ui/card';
import { company } from '../content/company';
import { ContactForm } from './contact-form';
import { PageHero } from './section';

const linkClasses = 'font-medium text-primary-800 underline underline-offset-2';

export function ContactPage() {
  return (
    <>
      <DocumentTitle title="Kontakt" />
      <PageHero
        eyebrow="Kontakt"
        title="Wir sind für dich da"
        lead={`Fragen zu Korrigo, zu Schullizenzen oder zu einer Korrektur? Schreib uns – wir antworten in der Regel innerhalb von ${company.replyHours} Stunden.`}
      />
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <ul className="grid gap-5 md:grid-cols-3">
          <li>
            <Card className="flex h-full flex-col gap-2 p-6">
              <Mail aria-hidden="true" className="size-6 text-primary-700" />
              <h2 className="font-semibold text-slate-900">E-Mail</h2>
              <p className="text-sm text-slate-600">Für alle Anliegen, auch mit Anhängen.</p>
              <a href={`mailto:${company.email}`} className={linkClasses}>
                {company.email}
              </a>
            </Card>
          </li>
          <li>
            <Card className="flex h-full flex-col gap-2 p-6">
              <MessageCircle aria-hidden="true" className="size-6 text-primary-700" />
              <h2 className="font-semibold text-slate-900">Chat</h2>
              <p className="text-sm text-slate-600">
                Fragen zu einer Korrektur klärst du am schnellsten mit dem KI-Begleiter direkt im Ergebnis.
              </p>
              <Link to="/dashboard" className={linkClasses}>
                Zum Dashboard
              </Link>
            </Card>
          </li>
          <li>
            <Card className="flex h-full flex-col gap-2 p-6">
              <HelpCircle aria-hidden="true" className="size-6 text-primary-700" />
              <h2 className="font-semibold text-slate-900">FAQ</h2>
              <p className="text-sm text-slate-600">Antworten auf die häufigsten Fragen, sofort.</p>
              <Link to="/faq" className={linkClasses}>
                Zu den häufigen Fragen
              </Link>
            </Card>
          </li>
        </ul>

        <div className="mt-12 grid gap-10 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="form-title">
            <Card className="p-6 sm:p-8">
              <h2 id="form-title" className="mb-6 text-xl font-semibold text-slate-900">
                Schreib uns eine Nachricht
              </h2>
              <ContactForm />
            </Card>
          </section>
          <aside aria-label="Erreichbarkeit" className="flex flex-col gap-6">
            <div className="flex gap-3">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
              <div>
                <h2 className="font-semibold text-slate-900">Support-Zeiten</h2>
                <p className="text-sm text-slate-600">{company.supportHours}</p>
                <p className="text-sm text-slate-600">
                  Antwort in der Regel innerhalb von {company.replyHours} Stunden
                </p>
              </div>
            </div>
            <div className="flex gap-3">
              <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
              <div>
                <h2 className="font-semibold text-slate-900">Dringende Fälle</h2>
                <p className="text-sm text-slate-600">Hotline während der Support-Zeiten:</p>
                <a href={`tel:${company.hotline.replaceAll(' ', '')}`} className={linkClasses}>
                  {company.hotlineDisplay}
                </a>
              </div>
            </div>
            <div className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
              <div>
                <h2 className="font-semibold text-slate-900">Postanschrift</h2>
                <address className="text-sm text-slate-600 not-italic">
                  {company.legalName}
                  <br />
                  {company.street}
                  <br />
                  {company.postalCode} {company.city}
                </address>
              </div>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
