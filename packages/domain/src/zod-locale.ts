import { z } from 'zod';

// Validation messages that reach users are German on both sides (zod 4 ships the locale).
z.config(z.locales.de());
