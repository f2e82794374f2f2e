// Company facts (spec 000 §1, §2 'Contact page', §9). The address and phone number are the operator's data
// for the imprint: one place to change them.

export const company = {
  name: 'Korrigo',
  legalName: 'Korrigo UG (haftungsbeschränkt)',
  street: 'Leutragraben 1',
  postalCode: '07743',
  city: 'Jena',
  country: 'Deutschland',
  founded: 2024,
  email: 'kontakt@korrigo.de',
  supportEmail: 'support@korrigo.de',
  privacyEmail: 'datenschutz@korrigo.de',
  hotline: '+49 3641 5529 180',
  hotlineDisplay: '03641 5529 180',
  supportHours: 'Montag bis Freitag, 8:00 bis 20:00 Uhr',
  /** spec 000 §9: contact reply time */
  replyHours: 24,
  /** the about page's map (spec 000 §2): the office in Jena */
  office: { lat: 50.9287, lng: 11.5899, zoom: 13 },
} as const;
