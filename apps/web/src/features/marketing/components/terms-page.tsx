import { Link } from 'react-router';
import { termsLastUpdated, termsSections } from '../content/terms';
import { BackToTop } from './back-to-top';
import { LegalLayout, LegalSection } from './legal-layout';

export function TermsPage() {
  return (
    <LegalLayout title="Allgemeine Geschäftsbedingungen" lead={`Stand: ${termsLastUpdated}`}>
      <nav aria-labelledby="toc-title" className="rounded-card border border-slate-200 bg-white p-6">
        <h2 id="toc-title" className="mb-3 text-lg font-semibold text-slate-900">
          Inhaltsverzeichnis
        </h2>
        <ol className="grid list-decimal gap-x-8 gap-y-1 pl-5 text-sm sm:grid-cols-2">
          {termsSections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-primary-800 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {termsSections.map((section, i) => (
        <LegalSection key={section.id} id={section.id} title={`§ ${i + 1} ${section.title}`}>
          {section.paragraphs.map((p) => (
            <p key={p} className="leading-relaxed">
              {p}
            </p>
          ))}
        </LegalSection>
      ))}
      <p className="text-sm text-slate-600">
        Fragen zu diesen AGB?{' '}
        <Link to="/contact" className="font-medium text-primary-800 underline">
          Schreib uns
        </Link>
        .
      </p>
      <BackToTop />
    </LegalLayout>
  );
}
