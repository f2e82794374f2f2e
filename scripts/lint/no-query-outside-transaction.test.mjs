import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import rule from './no-query-outside-transaction.mjs';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const outside = (handle, tx = 'tx') => ({ messageId: 'outside', data: { handle, tx } });

tester.run('no-query-outside-transaction', rule, {
  valid: [
    // the transaction is handed to every repository call inside it
    `await repository.transaction(async (tx) => {
       if (!(await repository.recordEvent(tx, event))) return;
       await repository.writeSubscription(tx, userId, values);
     });`,
    `await db.transaction(async (tx) => { await tx.select().from(users).where(eq(users.id, id)); });`,
    `await db.transaction((inner) => inner.insert(users).values(row));`,
    // a step of its caller's transaction
    `async function sync(tx: Executor, id: string) { return repository.lockByCustomer(tx, id); }
     await repository.transaction((tx) => sync(tx, id));`,
    // the transaction as a later argument, or wrapped
    `await repository.transaction(async (tx) => {
       await credits.remaining(userId, now(), tx);
       await deps.jobs.send(job, payload, transactionExecutor(tx));
     });`,
    // handles handed on together with the transaction
    `await analyses.transaction((tx) => queueAnalysis({ repository: analyses, credits, jobs }, tx, input));`,
    // outside a transaction the database is there to be used
    `const buyer = await repository.findBuyer(userId);
     await repository.transaction((tx) => repository.insertTeam(tx, buyer.id, name));`,
    // types are not queries
    `export const create = (db: Database) => ({
       transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),
       onChanged: (tx: Executor, fn: (db: Database) => void) => tx.select(),
     });`,
    // a nested savepoint on the transaction itself
    `await db.transaction(async (tx) => { await tx.transaction(async (sp) => sp.select()); });`,
  ],
  invalid: [
    {
      // issue 31: the payment webhook read the buyer on db inside its transaction and PGlite hung for good
      code: `async function sync(tx: Executor, customerId: string, userHint: string) {
               const row = await repository.lockByCustomer(tx, customerId);
               return row?.userId ?? (await repository.findBuyer(userHint));
             }
             await repository.transaction(async (tx) => {
               if (await repository.recordEvent(tx, event)) await sync(tx, customerId, userHint);
             });`,
      errors: [outside('repository')],
    },
    {
      code: `await db.transaction(async (tx) => { await db.insert(users).values(row); });`,
      errors: [outside('db')],
    },
    {
      code: `await repository.transaction(async (work) => {
               const team = await repository.teamOf(userId);
               await repository.insertMember(work, team.id, userId);
             });`,
      errors: [outside('repository', 'work')],
    },
    {
      code: `await options.db.transaction(async (tx) => { await options.db.select().from(counters); });`,
      errors: [outside('options.db')],
    },
    {
      // the database handed to a helper without the transaction
      code: `await db.transaction(async (tx) => { await accountOf(db, userId); });`,
      errors: [outside('db')],
    },
    {
      // a second transaction inside the first: on PGlite it waits for the first, which waits for it
      code: `await db.transaction(async (tx) => { await db.transaction((other) => other.select()); });`,
      errors: [outside('db')],
    },
    {
      // a handle by its name, in a step of a transaction, also in a callback inside it
      code: `async function step(tx: Executor, ids: string[]) {
               await Promise.all(ids.map((id) => deps.repository.find(id)));
               await context.database.db.execute(sql\`select 1\`);
             }`,
      errors: [outside('deps.repository'), outside('context.database.db')],
    },
    {
      // whatever opens a transaction in the file is a handle in it
      code: `await analyses.transaction(async (tx) => {
               await analyses.confirmIn(tx, id, userId, at);
               await analyses.saveReview(id, userId, result);
             });`,
      errors: [outside('analyses')],
    },
  ],
});
