type Testimonial = { quote: string; name: string; role: string };

export const testimonials: Testimonial[] = [
  {
    quote:
      'Früher habe ich am Wochenende Aufsätze korrigiert. Jetzt prüfe ich die Vorschläge von Korrigo und habe Zeit für das Feedback, das wirklich zählt.',
    name: 'Sabine K.',
    role: 'Deutschlehrerin, Gymnasium in Thüringen',
  },
  {
    quote:
      'Die markierten Fehler mit Begründung helfen meinen Schülerinnen und Schülern mehr als eine rote Zahl unter dem Test.',
    name: 'Thomas R.',
    role: 'Mathematiklehrer, Regelschule',
  },
  {
    quote:
      'Ich lade meine Übungsaufsätze hoch und sehe sofort, wo ich Punkte verliere. So bereite ich mich gezielt auf Klausuren vor.',
    name: 'Lena M.',
    role: 'Schülerin, 11. Klasse',
  },
];
