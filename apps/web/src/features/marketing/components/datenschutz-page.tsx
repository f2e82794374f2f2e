import { Link } from 'react-router';
import {
  accountDeletionItems,
  accountDeletionKept,
  backupRetentionDays,
  dataExportValidDays,
  demoLimits,
} from '@korrigo/domain';
import { company } from '../content/company';
import { LegalLayout, LegalSection } from './legal-layout';
import { PaperRetention } from './paper-retention';

const list = 'list-disc space-y-1 pl-5 leading-relaxed';

/**
 * What Korrigo really stores and processes, written from the code: accounts (better-auth), profiles, uploads,
 * grading runs, the optional AI provider (grading, companion, Lern-Assistent), student IDs, invitations, mail,
 * contact messages, cookies and local storage, logs, and what stays after an erasure (issue 33 §6, §7).
 */
export function DatenschutzPage() {
  return (
    <LegalLayout
      title="Datenschutzerklärung"
      lead="Welche Daten Korrigo verarbeitet, wozu, wie lange – und welche Rechte du hast."
    >
      <LegalSection title="1. Verantwortlicher">
        <p className="leading-relaxed">
          {company.legalName}, {company.street}, {company.postalCode} {company.city}. Fragen zum Datenschutz
          erreichen uns unter{' '}
          <a href={`mailto:${company.privacyEmail}`} className="font-medium text-primary-800 underline">
            {company.privacyEmail}
          </a>
          . Nutzt deine Schule Korrigo als Organisation, ist sie für die Daten ihrer Schülerinnen und Schüler
          verantwortlich und wir verarbeiten sie in ihrem Auftrag.
        </p>
      </LegalSection>

      <LegalSection title="2. Konto und Anmeldung">
        <p className="leading-relaxed">Wenn du dich registrierst, speichern wir:</p>
        <ul className={list}>
          <li>Name, E-Mail-Adresse und ob sie bestätigt ist;</li>
          <li>dein Passwort nur als Hash (Argon2id) – wir kennen es nicht;</li>
          <li>
            dein Profil: Kontotyp (Lehrkraft oder Schülerin, Schüler, Studierende), bei Lehrkräften
            Bundesland, Schule und Fächer, sonst Klasse oder Semester, Tarif, Guthaben, Zeitpunkt der
            Zustimmung zu den AGB und ein Profilbild, wenn du eines hochlädst;
          </li>
          <li>
            deine Anmeldesitzungen mit Ablaufzeit, IP-Adresse und Browserkennung, damit du angemeldet bleibst
            und wir Missbrauch erkennen können.
          </li>
        </ul>
        <p className="leading-relaxed">
          Rechtsgrundlage ist die Erfüllung des Nutzungsvertrags (Art. 6 Abs. 1 lit. b DSGVO). Wenn der
          Betreiber die Anmeldung mit Google eingerichtet hat und du sie wählst, erhalten wir von Google
          deinen Namen, deine E-Mail-Adresse und dein Profilbild; Google erfährt dabei, dass du dich bei
          Korrigo anmeldest. Meldest du dich mit dem Konto deiner Schule an („Mit Schulkonto anmelden“, zum
          Beispiel über VIDIS oder das Microsoft-Konto der Schule), erhalten wir von diesem Anmeldedienst eine
          Kennung deines Kontos, deine Rolle (Lehrkraft, Schülerin oder Schüler), den Namen der Schule und,
          wenn der Dienst sie mitgibt, deinen Namen und deine E-Mail-Adresse. Gibt er keine E-Mail-Adresse
          mit, hat dein Konto keine und wir schreiben dir keine E-Mails. Der Anmeldedienst erfährt, dass du
          dich bei Korrigo anmeldest; Noten oder Arbeiten erhält er nicht.
        </p>
        <p className="leading-relaxed">
          Öffnest du Korrigo aus einer Lernplattform deiner Schule (LTI 1.3, zum Beispiel Moodle oder
          itslearning), erhalten wir von ihr eine Kennung deines Kontos auf der Plattform, deinen Namen, deine
          Rolle im Kurs (Lehrkraft, Schülerin oder Schüler) und die Kennung und den Namen des Kurses. Eine
          E-Mail-Adresse, die die Plattform mitschickt, verwenden wir nicht. Die Plattform erfährt, dass du
          Korrigo öffnest; Arbeiten erhält sie nicht. Fügt eine Lehrkraft einen Test oder Klassensatz aus
          Korrigo in ihren Kurs ein, erhält die Plattform dessen Titel, die Höchstpunktzahl und eine Kennung
          bei Korrigo. Gibt deine Lehrkraft ein Ergebnis an dich zurück (eine einzelne Arbeit oder „Ergebnisse
          zurückgeben“ einer Klassenarbeit) und ist ihr Kurs mit einem Kurs der Lernplattform verbunden, der
          Bewertungen annimmt, sendet Korrigo in die Bewertungsübersicht dieses Kurses: deine erreichten
          Punkte, die Höchstpunktzahl, deine Note als Kommentar („Note 2-“), den Titel der Arbeit und deine
          Kennung auf der Plattform – zur Rückgabe und noch einmal, wenn deine Lehrkraft das Ergebnis später
          ändert und wieder bestätigt. Deine Arbeit, den erkannten Text und die Rückmeldungen erhält die
          Plattform nicht. Hast du Korrigo noch nie aus der Lernplattform geöffnet, wird nichts gesendet.
          Übernimmt deine Lehrkraft die Teilnehmenden ihres Kurses aus der Lernplattform, erhalten wir für
          jede Schülerin und jeden Schüler des Kurses die Kennung auf der Plattform und den Namen; sie stehen
          dann in der Klasse des Kurses bei Korrigo, auch bevor du Korrigo selbst öffnest.
        </p>
      </LegalSection>

      <LegalSection title="3. Arbeiten, Bewertungen und KI">
        <p className="leading-relaxed">
          Arbeiten, die du hochlädst (Text, PDF, Word-Dateien, Fotos und Scans), speichern wir zusammen mit
          dem erkannten Text, der Bewertung und einem Protokoll jeder Bewertung (verwendetes Modell, Version,
          Dauer). Gib in Arbeiten nur die Angaben an, die für die Korrektur nötig sind – oft genügt ein
          Vorname oder ein Kürzel.
        </p>
        <p className="leading-relaxed">
          Standardmäßig bewertet Korrigo Arbeiten mit einer eingebauten Bewertung auf unserem eigenen Server;
          dabei verlassen die Inhalte den Server nicht. Hat der Betreiber einen KI-Anbieter eingerichtet,
          werden der Text der Arbeit und gegebenenfalls Bilder der Seiten zur Bewertung an diesen Anbieter
          übermittelt. Für Schulen setzen wir dafür Anbieter mit Verarbeitung in der EU und einen Vertrag zur
          Auftragsverarbeitung ein. Inhalte werden nicht zum Training fremder Modelle freigegeben.
        </p>
        <p className="leading-relaxed">
          Der <strong>Lern-Assistent</strong> für Schülerinnen und Schüler arbeitet ohne KI-Anbieter mit
          festen Vorlagen auf unserem Server. Ist ein KI-Anbieter eingerichtet, erhält er für Übungen,
          Erklärungen und den Chat: Fächer, deine Noten und Punkte je Fach, Stärken und Schwächen aus deinen
          Bewertungen, die Fehler mit der betroffenen Stelle deiner Arbeit und der Korrektur, den Namen und
          das Datum deiner nächsten Prüfung und die Nachrichten, die du im Chat schreibst. Dein Name, deine
          E-Mail-Adresse und Kennungen deines Kontos gehen nicht an den Anbieter. Dasselbe gilt für den
          KI-Begleiter bei einer Analyse: Er erhält die Arbeit, ihre Bewertung und die Nachrichten des Chats.
        </p>
      </LegalSection>

      <LegalSection title="3a. Schülerausweis">
        <p className="leading-relaxed">
          Für den Tarif Premium Student lädst du ein Foto oder PDF deines Schülerausweises hoch. Sehen und
          prüfen können ihn nur die Lehrkräfte deiner Klassen und Kurse in Korrigo und der Betreiber – nicht
          jede Lehrkraft deiner Schule. Sobald jemand ihn bestätigt oder abgelehnt hat, löschen wir die Datei;
          es bleibt nur die Entscheidung (Stand, Datum, gültig bis zum Ende des Schuljahres, bei einer
          Ablehnung die Begründung), bis du dein Konto löschst. Ein noch nicht geprüfter Ausweis wird mit
          deinem Konto gelöscht.
        </p>
      </LegalSection>

      <LegalSection title="3b. Schulen, Klassen und Einladungen">
        <p className="leading-relaxed">
          Lehrkräfte legen Klassenlisten mit Namen und, wenn sie wollen, E-Mail-Adressen an. Lädt eine
          Lehrkraft dich per E-Mail ein, schicken wir dir eine E-Mail mit ihrem Namen, der Schule, der Klasse
          und einem Beitrittscode; die Einladung mit deiner Adresse speichern wir, bis du sie annimmst,
          ablehnst oder die Lehrkraft sie zurückzieht, und löschen sie spätestens mit deinem Konto. Deine
          Lehrkräfte sehen deinen Eintrag in ihrer Klasse, die Noten, die sie dir freigegeben haben, und
          deinen Schülerausweis (Abschnitt 3a), nicht aber deine eigenen Selbsttests und Chats.
        </p>
      </LegalSection>

      <LegalSection title="4. Kontaktformular">
        <p className="leading-relaxed">
          Was du uns über das Kontaktformular schickst (Name, E-Mail-Adresse, Betreff, Rolle, Nachricht und
          der Zeitpunkt deiner Einwilligung), speichern wir in unserer Datenbank und leiten es per E-Mail an
          unser Team-Postfach weiter. Wir nutzen es nur, um deine Anfrage zu beantworten, und löschen es, wenn
          es dafür nicht mehr gebraucht wird. Rechtsgrundlage ist deine Einwilligung (Art. 6 Abs. 1 lit. a
          DSGVO), die du jederzeit widerrufen kannst.
        </p>
      </LegalSection>

      <LegalSection title="5. E-Mails">
        <p className="leading-relaxed">
          Wir schicken dir E-Mails, die für dein Konto nötig sind: Bestätigung deiner Adresse, Links zum
          Zurücksetzen des Passworts, Hinweise auf eine geänderte Adresse oder ein geändertes Passwort und
          Einladungen von Lehrkräften (Abschnitt 3b). Dafür nutzen wir einen E-Mail-Versanddienst, der die
          Empfängeradresse und den Inhalt der E-Mail verarbeitet. Werbung verschicken wir nicht.
        </p>
      </LegalSection>

      <LegalSection title="6. Cookies und Speicher im Browser">
        <ul className={list}>
          <li>
            Ein Sitzungs-Cookie hält dich angemeldet. Es ist technisch notwendig, für Skripte nicht lesbar
            (HttpOnly) und endet mit dem Abmelden oder – ohne „Angemeldet bleiben“ – mit dem Schließen des
            Browsers.
          </li>
          <li>
            Im Speicher deines Browsers legen wir deinen Namen, deine E-Mail-Adresse und dein Profilbild ab,
            damit die Seite sofort weiß, wer angemeldet ist, außerdem die Einstellung „Angemeldet bleiben“,
            eine Kopie deiner letzten Analysen (bei Lehrkräften mit Namen und Noten ihrer Schülerinnen und
            Schüler) und deiner Chats für den Fall, dass die Verbindung abbricht, und Entwürfe von Analysen
            und Tests. Beim Abmelden und beim Löschen des Kontos löschen wir alles, was Korrigo im Browser
            gespeichert hat.
          </li>
          <li>Wir setzen keine Tracking- oder Werbe-Cookies und binden keine Analysedienste ein.</li>
        </ul>
      </LegalSection>

      <LegalSection title="7. Keine Inhalte von Dritten">
        <p className="leading-relaxed">
          Schriften, Grafiken und Programmcode liefern wir von unserem eigenen Server aus. Die Karte auf der
          Seite „Über uns“ lädt keine Kartendaten von fremden Servern. Erst wenn du einen Link zu einer
          anderen Website anklickst (zum Beispiel „Route planen“), nimmt dein Browser Kontakt zu diesem
          Anbieter auf.
        </p>
        <p className="leading-relaxed">
          Bezahlte Tarife buchst du, wo die Online-Zahlung eingerichtet ist, auf der Bezahlseite unseres
          Zahlungsdienstes Stripe; Zahlungsdaten gibst du nur dort ein, Korrigo sieht sie nicht. Wir geben
          Stripe deinen Namen und deine E-Mail-Adresse für das Kundenkonto und erfahren von Stripe Tarif,
          Laufzeit und Zahlungsstand (Art. 6 Abs. 1 lit. b DSGVO, Vertragserfüllung).
        </p>
      </LegalSection>

      <LegalSection title="8. Server-Protokolle und Schutz vor Missbrauch">
        <p className="leading-relaxed">
          Unser Server protokolliert jede Anfrage mit IP-Adresse, Zeitpunkt, Methode, aufgerufener Adresse,
          Antwortcode und Dauer, dazu Fehler mit ihrer Meldung, um Fehler zu finden und Angriffe abzuwehren.
          Passwörter, Cookies und die Inhalte von Arbeiten schreiben wir nicht hinein; Suchbegriffe können als
          Teil der aufgerufenen Adresse darin stehen. Wir bewahren die Protokolle höchstens{' '}
          {backupRetentionDays} Tage auf. Um Missbrauch zu verhindern, zählen wir Anfragen je IP-Adresse und
          je Konto (E-Mail-Adresse) für kurze Zeit, zum Beispiel beim Anmelden und beim Kontaktformular; ein
          Zähler wird nach seinem Zeitfenster gelöscht, spätestens nach einer Stunde. Rechtsgrundlage ist
          unser berechtigtes Interesse an einem sicheren Betrieb (Art. 6 Abs. 1 lit. f DSGVO).
        </p>
      </LegalSection>

      <LegalSection title="9. Demo-Zugang">
        <p className="leading-relaxed">
          Für die Demo legen wir ein vorübergehendes Konto ohne deine persönlichen Angaben an. Es wird nach{' '}
          {demoLimits.lifetimeHours} Stunden mit allem, was du darin hochgeladen hast, gelöscht.
        </p>
      </LegalSection>

      <LegalSection title="10. Speicherort und Speicherdauer">
        <p className="leading-relaxed">
          Daten speichern wir auf Servern in Deutschland bzw. der EU. Konto, Profil und Bewertungen speichern
          wir, solange dein Konto besteht; wenn du dein Konto löschst, löschen wir sie mit ihm, soweit keine
          gesetzlichen Aufbewahrungspflichten bestehen (etwa für Rechnungen, Abschnitt 11).
        </p>
        <PaperRetention />
      </LegalSection>

      <LegalSection title="11. Daten exportieren und Konto löschen">
        <p className="leading-relaxed">Im Profil unter „Meine Daten“ kannst du selbst jederzeit:</p>
        <ul className={list}>
          <li>
            <strong>deine Daten exportieren</strong> (Art. 15 und 20 DSGVO): Korrigo stellt eine ZIP-Datei
            zusammen – je Art von Einträgen eine JSON-Datei (Profil, Analysen mit Ergebnissen und Verlauf,
            Chats, Benachrichtigungen, Tests, Klassensätze, Schulen, Klassen und Kurse mit erhaltenen
            Einladungen, Noten mit ihrem Verlauf, Schülerausweis, Unterrichtspläne, Übungen), eine Datei
            LIESMICH.txt, die jedes Feld erklärt, dazu deine hochgeladenen Dateien und jede bewertete Arbeit
            einmal als PDF. Der Download steht {dataExportValidDays} Tage bereit und wird danach gelöscht.
          </li>
          <li>
            <strong>dein Konto löschen</strong> (Art. 17 DSGVO), bestätigt mit deinem Passwort (bei Anmeldung
            mit Google mit deiner E-Mail-Adresse, bei einem Konto aus dem Schulkonto oder der Lernplattform
            ohne E-Mail-Adresse mit dem Wort „LÖSCHEN“). Sofort gelöscht werden:{' '}
            {accountDeletionItems.join('; ')}. Hochgeladene Dateien werden dabei aus dem Speicher entfernt,
            nicht nur aus der Datenbank.
          </li>
        </ul>
        <p className="leading-relaxed">Was bleibt, und wie lange:</p>
        <ul className={list}>
          {accountDeletionKept.map((item) => (
            <li key={item}>{item}</li>
          ))}
          <li>
            Eine Note, die dir eine Lehrkraft zurückgegeben hat, gehört zu deinem Konto: Löscht die Lehrkraft
            ihr Konto, bleibt der Eintrag in deinem Lernprofil (Fach, Titel, Punkte, Note) ohne ihren Namen;
            die bewertete Arbeit selbst gehört zu ihrem Konto und wird mit ihm gelöscht.
          </li>
          <li>
            Gemeinsam genutzte Demo-Konten lassen sich nicht löschen; vorübergehende Demo-Konten werden
            automatisch gelöscht (Abschnitt 9).
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="12. Deine Rechte">
        <p className="leading-relaxed">Du hast das Recht auf</p>
        <ul className={list}>
          <li>Auskunft über deine gespeicherten Daten (Art. 15 DSGVO),</li>
          <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO) – vieles kannst du selbst im Profil ändern,</li>
          <li>Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
          <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
          <li>Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO),</li>
          <li>Widerruf einer Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).</li>
        </ul>
        <p className="leading-relaxed">
          Schreib uns dazu an {company.privacyEmail} oder über das{' '}
          <Link to="/contact" className="font-medium text-primary-800 underline">
            Kontaktformular
          </Link>
          . Du kannst dich außerdem bei einer Datenschutz-Aufsichtsbehörde beschweren, zum Beispiel beim
          Thüringer Landesbeauftragten für den Datenschutz und die Informationsfreiheit (TLfDI).
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
