import { Link } from 'react-router';
import { pricingLinkOf } from '@/lib/api-client';

/**
 * Beside the message of a refusal by plan (402, ADR 0018): a link to the plan that has what was asked for.
 * Renders nothing for any other error, so it can stand after every error message.
 */
export function PricingLink({ error }: { error: unknown }) {
  const to = pricingLinkOf(error);
  if (!to) return null;
  return (
    <>
      {' '}
      <Link to={to} className="font-medium underline">
        Tarife ansehen
      </Link>
    </>
  );
}
