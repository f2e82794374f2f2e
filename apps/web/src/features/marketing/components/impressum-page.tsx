import { company } from '../content/company';
import { LegalLayout, LegalSection } from './legal-layout';

export function ImpressumPage() {
  return (
    <LegalLayout title="Impressum" lead="Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)">
      <LegalSection title="Anbieter">
        <address className="leading-relaxed not-italic">
          {company.legalName}
          <br />
          {company.street}
          <br />
          {company.postalCode} {company.city}
          <br />
          {company.country}
        </address>
      </LegalSection>
      <LegalSection title="Vertreten durch">
        <p>Die beiden Gründer als Geschäftsführer.</p>
      </LegalSection>
      <LegalSection title="Kontakt">
        <p className="leading-relaxed">
          Telefon: {company.hotlineDisplay}
          <br />
          E-Mail:{' '}
          <a href={`mailto:${company.email}`} className="font-medium text-primary-800 underline">
            {company.email}
          </a>
        </p>
      </LegalSection>
      <LegalSection title="Registereintrag">
        <p>Eingetragen im Handelsregister des Amtsgerichts Jena.</p>
      </LegalSection>
      <LegalSection title="Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV">
        <p>Die Geschäftsführung, Anschrift wie oben.</p>
      </LegalSection>
      <LegalSection title="Verbraucherstreitbeilegung">
        <p>
          Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
          Verbraucherschlichtungsstelle teilzunehmen.
        </p>
      </LegalSection>
      <LegalSection title="Haftung für Links">
        <p className="leading-relaxed">
          Unsere Seiten enthalten Links zu Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für
          diese Inhalte ist der jeweilige Anbieter verantwortlich. Werden uns Rechtsverletzungen bekannt,
          entfernen wir solche Links umgehend.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
