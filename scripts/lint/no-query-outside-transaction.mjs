// ESLint rule `korrigo/no-query-outside-transaction` (issue 31 point 2): inside a transaction every query goes
// through the transaction. On PGlite there is one connection: a query on the database while a transaction of
// the same request is open waits for that transaction, which waits for the query, for good (the payment
// webhook read the buyer on `db` inside its transaction and every later request hung). On PostgreSQL such a
// query runs on another connection and does not see the transaction's writes, nor is it undone with them.
//
// Where a transaction is open, lexically:
//   - in the function handed to `<x>.transaction(fn)`; its first parameter is the transaction;
//   - in a function with a parameter named `tx`: a step its caller runs in the caller's transaction.
// What reaches the database: `db` and `….db`, whatever is named `repository` or `…Repository`, and every
// object whose `.transaction(` is called in the same file (`analyses.transaction(…)`: `analyses` is a
// database handle there).
// Inside a transaction such a handle may only be the object of a call that passes the transaction
// (`repository.find(tx, id)`, `credits.remaining(userId, at, tx)`), or be handed, with the transaction, to a
// call (`queueAnalysis({ repository: analyses }, tx, input)`). Anything else is reported, a second
// `.transaction(` on a handle too. Names are what the rule goes by: a handle under another name is not seen,
// which is why the names above are the house's (docs/conventions.md §2).

const HANDLE_NAME = /^(db|repository|[a-z]\w*Repository)$/;

/** TypeScript nodes that wrap an expression: the expression is walked, the type is not. */
const TS_EXPRESSIONS = new Set([
  'TSAsExpression',
  'TSNonNullExpression',
  'TSSatisfiesExpression',
  'TSTypeAssertion',
  'TSInstantiationExpression',
]);

const isFunction = (node) =>
  node.type === 'FunctionDeclaration' ||
  node.type === 'FunctionExpression' ||
  node.type === 'ArrowFunctionExpression';

const isTransactionCall = (node) =>
  node.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  !node.callee.computed &&
  node.callee.property.type === 'Identifier' &&
  node.callee.property.name === 'transaction';

/** Walks the expressions and statements under `node` (never into types), with each node's parent. */
function walk(node, parent, visitorKeys, enter, leave) {
  if (node.type.startsWith('TS') && !TS_EXPRESSIONS.has(node.type)) return;
  node.parent ??= parent;
  enter(node);
  const keys = TS_EXPRESSIONS.has(node.type) ? ['expression'] : (visitorKeys[node.type] ?? []);
  for (const key of keys) {
    if (key === 'typeAnnotation' || key === 'returnType' || key.startsWith('type')) continue;
    const child = node[key];
    for (const item of Array.isArray(child) ? child : [child]) {
      if (item && typeof item.type === 'string') walk(item, node, visitorKeys, enter, leave);
    }
  }
  leave(node);
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Inside a transaction, every query goes through the transaction (issue 31).' },
    schema: [],
    messages: {
      outside:
        "'{{handle}}' in einer Transaktion ohne '{{tx}}': die Abfrage liefe außerhalb der Transaktion (auf PGlite wartet sie auf sie, für immer). '{{tx}}' übergeben.",
    },
  },
  create(context) {
    const source = context.sourceCode;
    const text = (node) => source.getText(node);

    return {
      Program(program) {
        const keys = source.visitorKeys;
        const handles = new Set();
        walk(
          program,
          null,
          keys,
          (node) => {
            if (isTransactionCall(node)) handles.add(text(node.callee.object));
          },
          () => {},
        );

        const isHandle = (node) => {
          if (node.type === 'Identifier') return HANDLE_NAME.test(node.name) || handles.has(node.name);
          if (node.type !== 'MemberExpression' || node.computed) return false;
          return (
            (node.property.type === 'Identifier' && HANDLE_NAME.test(node.property.name)) ||
            handles.has(text(node))
          );
        };
        /** A name that is declared or a key here, not a use of a handle. */
        const isDeclaration = (node) => {
          const parent = node.parent;
          if (!parent) return false;
          if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return true;
          if (parent.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand)
            return true;
          if (parent.type === 'VariableDeclarator' && parent.id === node) return true;
          if (parent.type === 'Property' && parent.parent?.type === 'ObjectPattern') return true;
          if (parent.type === 'ArrayPattern' || parent.type === 'RestElement') return true;
          if (isFunction(parent) && (parent.params.includes(node) || parent.id === node)) return true;
          return parent.type.startsWith('Import');
        };
        const mentions = (node, name) => {
          let found = false;
          walk(
            node,
            node.parent,
            keys,
            (inner) => {
              if (inner.type === 'Identifier' && inner.name === name && !isDeclaration(inner)) found = true;
            },
            () => {},
          );
          return found;
        };
        const passes = (call, tx) => call.arguments.some((argument) => mentions(argument, tx));

        /** Whether a handle is used the transaction's way: called with it, or handed on together with it. */
        const allowed = (node, tx) => {
          if (text(node) === tx) return true;
          const parent = node.parent;
          if (
            parent.type === 'MemberExpression' &&
            parent.object === node &&
            parent.parent.type === 'CallExpression' &&
            parent.parent.callee === parent
          ) {
            return !isTransactionCall(parent.parent) && passes(parent.parent, tx);
          }
          // inside an argument (an object or array of dependencies) of a call that passes the transaction
          let inner = node;
          let outer = parent;
          while (
            outer.type === 'Property' ||
            outer.type === 'ObjectExpression' ||
            outer.type === 'ArrayExpression' ||
            outer.type === 'SpreadElement'
          ) {
            inner = outer;
            outer = outer.parent;
          }
          return outer.type === 'CallExpression' && outer.arguments.includes(inner) && passes(outer, tx);
        };

        const scopes = [];
        walk(
          program,
          null,
          keys,
          (node) => {
            if (isFunction(node)) {
              const parent = node.parent;
              const first = node.params[0];
              if (
                parent &&
                isTransactionCall(parent) &&
                parent.arguments[0] === node &&
                first?.type === 'Identifier'
              ) {
                scopes.push({ node, tx: first.name });
              } else if (node.params.some((param) => param.type === 'Identifier' && param.name === 'tx')) {
                scopes.push({ node, tx: 'tx' });
              }
              return;
            }
            const scope = scopes.at(-1);
            if (!scope) return;
            if (node.type !== 'Identifier' && node.type !== 'MemberExpression') return;
            if (node.type === 'Identifier' && isDeclaration(node)) return;
            // `a.b.c`: the handle is the longest part that is one; its own parts are not looked at again
            if (
              node.parent?.type === 'MemberExpression' &&
              node.parent.object === node &&
              isHandle(node.parent)
            )
              return;
            if (!isHandle(node) || allowed(node, scope.tx)) return;
            context.report({ node, messageId: 'outside', data: { handle: text(node), tx: scope.tx } });
          },
          (node) => {
            if (scopes.at(-1)?.node === node) scopes.pop();
          },
        );
      },
    };
  },
};

export default rule;
