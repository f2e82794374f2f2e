/** spec 000 §2: the public header and footer link these pages. */
export const publicNavLinks = [
  { to: '/features', label: 'Funktionen' },
  { to: '/pricing', label: 'Preise' },
  { to: '/about', label: 'Über uns' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Kontakt' },
  { to: '/updates', label: 'Updates' },
] as const;

export const legalNavLinks = [
  { to: '/terms', label: 'AGB' },
  { to: '/impressum', label: 'Impressum' },
  { to: '/datenschutz', label: 'Datenschutz' },
] as const;
