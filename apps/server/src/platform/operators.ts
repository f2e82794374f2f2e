/**
 * The operator (OPERATOR_EMAILS): whoever signs in with one of these addresses, once it is verified, so that
 * nobody becomes operator by registering the address first (ADR 0020). The one rule behind every operator
 * right: reviewing every student ID, assigning Enterprise (ADR 0018).
 */
export function operatorCheck(emails: readonly string[]) {
  const operators = new Set(emails.map((email) => email.trim().toLowerCase()));
  return (account: { email: string; emailVerified: boolean }) =>
    account.emailVerified && operators.has(account.email.toLowerCase());
}
