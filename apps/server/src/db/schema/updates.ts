import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Release notes published through the API (spec 000 §2 'Updates page'); the built-in ones live in code. */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category', { enum: ['ai', 'website'] }).notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    label: text('label').notNull(),
    /** ISO date (yyyy-mm-dd) as shown on the page */
    date: text('date').notNull(),
    model: text('model'),
    upcoming: boolean('upcoming').notNull().default(false),
    featureGroups: jsonb('feature_groups').$type<{ title: string; items: string[] }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('releases_category_version_idx').on(t.category, t.version)],
);
